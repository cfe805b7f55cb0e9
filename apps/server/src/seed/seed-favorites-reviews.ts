import { sql } from 'kysely';
import type { SeedContext } from './seed-demo-data';
import { newId } from '../lib/ids';
import { seededRandom } from './seeded-random';
import { HOUR_MS } from '@accountry/shared/durations';

const COMMENTS: Array<[number, string]> = [
  [5, 'Smooth handover, everything exactly as described. Changed the e-mail within minutes.'],
  [5, 'Fast answers in chat and a fair price. Would buy again.'],
  [4, 'Account as advertised. Took a few hours to get the original e-mail, but all good.'],
  [5, 'Great seller, walked me through removing two-factor step by step.'],
  [3, 'Fine in the end, though one screenshot was a bit outdated.'],
  [4, 'Honest description and quick delivery.'],
];
const REPLIES = [
  'Thanks for the kind words, enjoy the account!',
  'Glad it worked out, thank you!',
  'Sorry about the wait, and thanks for your patience.',
];

/** Order 30: favorites for the demo buyers and reviews on sold listings (with the conversations reviews require). */
export async function seedFavoritesReviews({ db, clock, users, log }: SeedContext) {
  const r = seededRandom(30);
  const now = clock.now();
  const live = await db
    .selectFrom('listings')
    .select(['id', 'sellerId'])
    .where('status', '=', 'active')
    .orderBy('viewCount', 'desc')
    .limit(60)
    .execute();
  let favorites = 0;
  for (const [key, n] of [
    ['buyer', 14],
    ['buyer2', 9],
    ['both', 6],
  ] as const) {
    const userId = users[key];
    const picks = live
      .filter((l) => l.sellerId !== userId)
      .filter(() => r.chance(0.5))
      .slice(0, n);
    for (const [i, l] of picks.entries()) {
      await db
        .insertInto('favorites')
        .values({ userId, listingId: l.id, createdAt: now - i * HOUR_MS })
        .onConflict((oc) => oc.doNothing())
        .execute();
      favorites++;
    }
  }
  // Favorites that went on to sell, so /favorites shows how sold listings look.
  const sold = await db
    .selectFrom('listings')
    .select(['id', 'sellerId', 'soldAt'])
    .where('status', '=', 'sold')
    .orderBy('soldAt', 'desc')
    .limit(45)
    .execute();
  for (const l of sold.slice(0, 2)) {
    await db
      .insertInto('favorites')
      .values({ userId: users.buyer, listingId: l.id, createdAt: now - 200 * HOUR_MS })
      .onConflict((oc) => oc.doNothing())
      .execute();
    favorites++;
  }
  await sql`update listings set favorite_count = (select count(*) from favorites where favorites.listing_id = listings.id)
    where id in (select listing_id from favorites)`.execute(db);
  // Each favorite heard of the price it was saved at (decision 196).
  await sql`update favorites set price_mailed_cents =
    (select price_cents from listings where listings.id = favorites.listing_id)`.execute(db);

  let reviews = 0;
  for (const [i, l] of sold.entries()) {
    const buyerId = i % 3 === 0 ? users.buyer2 : i % 3 === 1 ? users.buyer : users.both;
    if (buyerId === l.sellerId) continue;
    const at = Math.min(now, (l.soldAt ?? now) + 2 * HOUR_MS);
    // The chat seeder may already have a conversation for this pair; reviews only need one to exist.
    await db
      .insertInto('conversations')
      .values({
        id: newId(),
        listingId: l.id,
        buyerId,
        sellerId: l.sellerId,
        createdAt: at - 24 * HOUR_MS,
        updatedAt: at,
      } as never)
      .onConflict((oc) => oc.columns(['listingId', 'buyerId']).doNothing())
      .execute();
    const [rating, comment] = COMMENTS[i % COMMENTS.length];
    const replied = i % 4 === 0;
    await db
      .insertInto('reviews')
      .values({
        id: newId(),
        listingId: l.id,
        sellerId: l.sellerId,
        buyerId,
        rating,
        comment,
        reply: replied ? REPLIES[i % REPLIES.length] : null,
        repliedAt: replied ? at + HOUR_MS : null,
        createdAt: at,
      })
      .onConflict((oc) => oc.columns(['listingId', 'buyerId']).doNothing())
      .execute();
    reviews++;
  }
  log(`favorites and reviews: ${favorites} favorites, ${reviews} reviews`);
}
