import type { Database } from '../db/database';
import type { UsersTable } from '../db/schema';
import type { Clock } from '../lib/clock';
import { newId, newToken } from '../lib/ids';
import { hashPassword } from '../lib/password';
import { CATALOGUE_SELLERS, DEMO_USERS } from './demo-users';
import { DAY_MS } from '@accountry/shared/durations';

export type SeededUsers = Record<string, string>;

type SeedUser = Pick<
  UsersTable,
  'email' | 'passwordHash' | 'displayName' | 'phoneNumber' | 'role' | 'createdAt' | 'lastActive'
>;

/** One seeded member, verified and complete as a demo account is; returns its id. */
async function insertSeedUser(db: Database, user: SeedUser) {
  const id = newId();
  await db
    .insertInto('users')
    .values({ id, ...user, profileComplete: true, emailVerified: true, disabled: false })
    .execute();
  return id;
}

/**
 * The demo sign-ins and the catalogue's shops; returns their ids by key for the other seeders. On a production server
 * the demo admin gets a password nobody knows: the published one would hand anyone the whole site (the first admin is
 * `npm run create-admin`).
 */
export async function seedUsers(db: Database, clock: Clock, production = false): Promise<SeededUsers> {
  const ids: SeededUsers = {};
  for (const [i, u] of DEMO_USERS.entries()) {
    ids[u.key] = await insertSeedUser(db, {
      email: u.email,
      passwordHash: await hashPassword(production && u.role === 'admin' ? newToken() : u.password),
      displayName: u.displayName,
      phoneNumber: u.phoneNumber,
      role: u.role,
      createdAt: clock.now() - (400 - i * 30) * DAY_MS,
      lastActive: clock.now() - i * 3600_000,
    });
  }
  // One hash of a random password serves every shop: nobody knows it, and hashing is slow by design.
  const shopPasswordHash = await hashPassword(newToken());
  for (const [i, shop] of CATALOGUE_SELLERS.entries()) {
    ids[shop.key] = await insertSeedUser(db, {
      email: shop.email,
      passwordHash: shopPasswordHash,
      displayName: shop.displayName,
      phoneNumber: '',
      role: 'seller',
      createdAt: clock.now() - (700 - i * 40) * DAY_MS,
      lastActive: clock.now() - (i + 1) * 5 * 3600_000,
    });
  }
  return ids;
}
