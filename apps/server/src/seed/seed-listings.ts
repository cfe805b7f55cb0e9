import type { SeedContext } from './seed-demo-data';
import type { Database } from '../db/database';
import { generateListings, type GeneratedListing } from './listing-generator';
import { CATALOGUE_SELLERS } from './demo-users';

export const DEMO_LISTING_COUNT = 2100;
const BATCH = 150;

/** Insert generated listings and their screenshots in batches (parameter limits allow ~150 listing rows a statement). */
export async function insertGenerated(db: Database, items: GeneratedListing[]) {
  for (let i = 0; i < items.length; i += BATCH) {
    const slice = items.slice(i, i + BATCH);
    await db
      .insertInto('listings')
      .values(slice.map((g) => g.listing))
      .execute();
    await db
      .insertInto('listingImages')
      .values(slice.flatMap((g) => g.images))
      .execute();
  }
}

/**
 * Who lists what, in turn: of every 70 listings the demo seller and Nova 4 each, Bo (buyer and seller) 2, each shop 5.
 * Over 2,100 that is 120, 120 and 60 for the sign-ins (room under the quota of 200) and 150 a shop.
 */
function listingTurns(users: SeedContext['users']) {
  const shops = CATALOGUE_SELLERS.flatMap((s) => Array<string>(5).fill(users[s.key]));
  return [
    ...Array<string>(4).fill(users.seller),
    ...Array<string>(4).fill(users.seller2),
    users.both,
    users.both,
    ...shops,
  ];
}

/** Order 10: 2,100 listings over every category and platform, most from the shops, two hidden by an admin. */
export async function seedListings({ db, clock, users, log }: SeedContext) {
  const items = generateListings({ count: DEMO_LISTING_COUNT, sellerIds: listingTurns(users), now: clock.now() });
  await insertGenerated(db, items);
  const hide = items.filter((g) => g.listing.sellerId === users.seller && g.listing.status === 'active').slice(0, 2);
  const reasons = [
    'Screenshots do not match the description. Please upload current ones.',
    'Contact details in the description are not allowed.',
  ];
  for (const [i, g] of hide.entries()) {
    await db
      .updateTable('listings')
      .set({ status: 'hidden', statusBeforeHidden: 'active', hiddenReason: reasons[i] })
      .where('id', '=', g.listing.id)
      .execute();
  }
  log(`listings: ${items.length} listings with ${items.reduce((n, g) => n + g.images.length, 0)} screenshots`);
}
