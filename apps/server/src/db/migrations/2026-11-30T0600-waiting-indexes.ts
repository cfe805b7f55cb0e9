import { sql, type Kysely } from 'kysely';

/**
 * What waits for a member's move (decision 181), counted on every page they open: partial indexes hold only the rows
 * in a waiting state, so a count reads those and never a long history of finished orders and offers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const partial = [
    ['orders_buyer_waiting_idx', 'orders', 'buyer_id', `status in ('pending_payment', 'delivered')`],
    ['orders_seller_waiting_idx', 'orders', 'seller_id', `status in ('paid', 'disputed')`],
    ['offers_seller_waiting_idx', 'offers', 'seller_id', `status = 'pending'`],
    ['offers_buyer_waiting_idx', 'offers', 'buyer_id', `status in ('countered', 'accepted')`],
  ] as const;
  for (const [name, table, column, where] of partial)
    await db.schema.createIndex(name).on(table).column(column).where(sql.raw<boolean>(where)).execute();
}

export async function down(): Promise<void> {}
