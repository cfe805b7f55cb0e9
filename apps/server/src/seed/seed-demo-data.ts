import type { Database } from '../db/database';
import type { Clock } from '../lib/clock';
import { CredentialsCipher, resolveCredentialsKey } from '../lib/credentials-cipher';
import type { Config } from '../config';
import { seedUsers, type SeededUsers } from './seed-users';
import { seedListings } from './seed-listings';
import { seedChat } from './seed-chat';
import { seedFavoritesReviews } from './seed-favorites-reviews';
import { seedAnnouncements } from './seed-announcements';
import { seedAdmin } from './seed-admin';
import { seedTraffic } from './seed-traffic';
import { seedOrders } from './seed-orders';
import { seedOffers } from './seed-offers';

export interface SeedContext {
  db: Database;
  clock: Clock;
  users: SeededUsers;
  log: (msg: string) => void;
}

/**
 * Feature seeders, run after the users in ascending `order`:
 * listings 10, chat 20, reviews/favorites 30, orders 35, offers 37, announcements 40, traffic 50, admin 60.
 */
const seeders: Array<{
  name: string;
  order: number;
  run: (ctx: SeedContext, cipher: CredentialsCipher) => Promise<void>;
}> = [
  { name: 'listings', order: 10, run: seedListings },
  { name: 'chat', order: 20, run: seedChat },
  { name: 'favorites and reviews', order: 30, run: seedFavoritesReviews },
  { name: 'orders', order: 35, run: seedOrders },
  { name: 'offers', order: 37, run: seedOffers },
  { name: 'announcements', order: 40, run: seedAnnouncements },
  { name: 'admin', order: 60, run: seedAdmin },
  { name: 'traffic', order: 50, run: seedTraffic },
];

/** The cipher the app opens credentials with (the same key resolution as the orders feature). */
export const demoCipher = (config: Pick<Config, 'orders' | 'dataDir' | 'isProduction'>) =>
  new CredentialsCipher(resolveCredentialsKey(config.orders.credentialsKey, config.dataDir, config.isProduction));

const SEEDED_KEY = 'demo_seeded_at';

export async function isSeeded(db: Database) {
  const row = await db.selectFrom('appMeta').select('value').where('key', '=', SEEDED_KEY).executeTakeFirst();
  return !!row;
}

/**
 * Seed demo data once, in one transaction that first claims the marker row: a second start keeps the data,
 * and of several processes starting together on one database only one seeds. The cipher is the app's own, so the
 * demo orders' credentials open on their order pages.
 */
export async function seedDemoData(
  db: Database,
  clock: Clock,
  cipher: CredentialsCipher,
  log: (msg: string) => void = () => undefined,
  { production = false } = {},
) {
  if (await isSeeded(db)) return false;
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('appMeta')
        .values({ key: SEEDED_KEY, value: String(clock.now()) })
        .execute();
      const users = await seedUsers(trx, clock, production);
      for (const s of [...seeders].sort((a, b) => a.order - b.order)) {
        log(`seeding ${s.name}…`);
        await s.run({ db: trx, clock, users, log }, cipher);
      }
    });
    return true;
  } catch (err) {
    if (await isSeeded(db)) return false;
    throw err;
  }
}
