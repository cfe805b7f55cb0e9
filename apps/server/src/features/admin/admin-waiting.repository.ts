import { sql } from 'kysely';
import type { AdminWaiting } from '@accountry/shared/admin-waiting';
import { engineOf, type Database, type Engine } from '../../db/database';
import { CHARGEBACK_TO_RECOVER } from '../../db/order-facts';
import { reviewRequested } from './admin-listings-list.repository';

/** The requests the admin listings filter `review=requested` lists, counted over the same joins. */
const listingReviews = (engine: Engine) =>
  sql`select count(*) from listings join users seller on seller.id = listings.seller_id
    left join deleted_users on deleted_users.uid = listings.seller_id where ${reviewRequested(engine)}`;

// Literals, not parameters: SQLite can then prove that the partial indexes apply (as in decision 181's counts).
const counts = (engine: Engine) => ({
  disputes: sql`select count(*) from orders where status = 'disputed' and chargeback_hold_since is null`,
  payouts: sql`select count(*) from payouts where status = 'open'`,
  chargebacks: sql`select count(*) from chargebacks where status = 'open'`,
  chargebacksToRecover: sql`select count(*) from chargebacks where ${CHARGEBACK_TO_RECOVER}`,
  refusedRefunds: sql`select count(*) from stripe_refunds where status = 'refused'`,
  refundedPaymentDisputes: sql`select count(*) from refunded_payment_disputes where status = 'open'`,
  listingReviews: listingReviews(engine),
  listingReports: sql`select count(*) from reports where target_type = 'listing' and status = 'open'`,
  conversationReports: sql`select count(*) from reports where target_type = 'conversation' and status = 'open'`,
  userReports: sql`select count(*) from reports where target_type = 'user' and status = 'open'`,
});

/** The one statement of the count: each a scalar subquery on an index (one round trip on PostgreSQL). */
export const adminWaitingQuery = (db: Database) =>
  db.selectNoFrom(
    Object.entries(counts(engineOf(db))).map(([name, count]) => sql<number | string>`(${count})`.as(name)),
  );

/** What waits for an admin's action (decision 186), counted in one statement. */
export async function countAdminWaiting(db: Database): Promise<AdminWaiting> {
  const row = (await adminWaitingQuery(db).executeTakeFirstOrThrow()) as Record<
    keyof ReturnType<typeof counts>,
    number | string
  >;
  return {
    disputes: Number(row.disputes),
    payouts: Number(row.payouts),
    chargebacks: Number(row.chargebacks),
    chargebacksToRecover: Number(row.chargebacksToRecover),
    refusedRefunds: Number(row.refusedRefunds),
    refundedPaymentDisputes: Number(row.refundedPaymentDisputes),
    listingReviews: Number(row.listingReviews),
    reports: {
      listing: Number(row.listingReports),
      conversation: Number(row.conversationReports),
      user: Number(row.userReports),
    },
  };
}
