import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { listingTitleFor } from '../../db/listing-titles';
import type { Keyset } from '../../lib/keyset-cursor';

/**
 * A page of the member's ledger lines, newest first: each transaction that moved their available or held balance,
 * with its order's listing title and money facts joined onto the page in the same statement (no look-up per line).
 */
export async function walletEntryRows(
  db: Database,
  q: { userId: string; available: string; held: string; after?: Keyset; limit: number },
) {
  let lines = db
    .selectFrom('ledgerEntries as e')
    .innerJoin('ledgerTransactions as t', 't.id', 'e.transactionId')
    .select([
      't.id',
      't.kind',
      't.orderId',
      't.memo',
      't.createdAt',
      sql<number>`sum(case when e.account_id = ${q.available} then e.amount_cents else 0 end)`.as('availableCents'),
      sql<number>`sum(case when e.account_id = ${q.held} then e.amount_cents else 0 end)`.as('heldCents'),
    ])
    .where('e.accountId', 'in', [q.available, q.held])
    .groupBy(['t.id', 't.kind', 't.orderId', 't.memo', 't.createdAt']);
  if (q.after) {
    const [at, id] = q.after;
    lines = lines.where((eb) =>
      eb.or([eb('t.createdAt', '<', at), eb.and([eb('t.createdAt', '=', at), eb('t.id', '<', id)])]),
    );
  }
  const page = lines.orderBy('t.createdAt', 'desc').orderBy('t.id', 'desc').limit(q.limit).as('p');
  // Listings are only ever marked deleted (orders restrict their removal), so a deleted one still has its title.
  return db
    .selectFrom(page)
    .leftJoin('orders as o', 'o.id', 'p.orderId')
    .leftJoin('listings as l', 'l.id', 'o.listingId')
    .select([
      'p.id',
      'p.kind',
      'p.orderId',
      'p.memo',
      'p.createdAt',
      'p.availableCents',
      'p.heldCents',
      // As the member's order page names it (decision 043).
      listingTitleFor('l', q.userId).as('listingTitle'),
      'o.sellerId as orderSellerId',
      'o.priceCents',
      'o.refundedCents',
      'o.feeCents',
    ])
    .orderBy('p.createdAt', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
}
