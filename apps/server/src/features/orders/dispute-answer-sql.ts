import { sql, type Expression } from 'kysely';

/** The seller has answered the order's dispute: any statement of theirs in it is their answer. */
export const sellerAnswered = (orderId: Expression<unknown>) =>
  sql<boolean>`exists (select 1 from dispute_statements d where d.order_id = ${orderId} and d.author_role = 'seller')`;
