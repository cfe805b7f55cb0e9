import { notDeletedUser } from '../../db/account-deletion-sql';
import type { Database } from '../../db/database';

/** The figures of the admin dashboard; each is one indexed count or group-by. */
export async function dashboardFigures(db: Database, weekStart: number, monthStart: number) {
  const count = (n: { n: number | string | bigint }) => Number(n.n);
  const [byRole, disabled, deleted, signups, listingsByStatus, sold] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => ['role', eb.fn.countAll<number>().as('n')])
      .groupBy('role')
      .execute(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('disabled', '=', true)
      // A deleted account is counted as deleted only, as the users list's state filter shows it.
      .where(notDeletedUser('users.id'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('deletedUsers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'unresolved')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('createdAt', '>=', weekStart)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('listings')
      .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
      .where('status', 'in', ['active', 'hidden'])
      // A deleted listing keeps its status (its conversations, favorites and reviews still name it).
      .where('deletedAt', 'is', null)
      .groupBy('status')
      .execute(),
    db
      .selectFrom('listings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'sold')
      .where('soldAt', '>=', monthStart)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    byRole: byRole.map((r) => ({ role: r.role, n: count(r) })),
    disabled: count(disabled),
    deleted: count(deleted),
    signups: count(signups),
    activeListings: count(listingsByStatus.find((r) => r.status === 'active') ?? { n: 0 }),
    hiddenListings: count(listingsByStatus.find((r) => r.status === 'hidden') ?? { n: 0 }),
    soldThisMonth: count(sold),
  };
}
