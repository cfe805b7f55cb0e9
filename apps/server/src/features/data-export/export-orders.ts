import { ORDER_STATE_LABELS } from '@accountry/shared/order-state';
import { LEDGER_KIND_LABELS } from '@accountry/shared/wallet';
import type { Database } from '../../db/database';
import { listingTitleFor } from '../../db/listing-titles';
import type { OrdersTable } from '../../db/schema';
import { availableAccount, heldAccount } from '../../lib/ledger';
import { isoTime, laterThan, who } from './export-values';
import { arrayOf, objectEndingWith, pages, whole, type Chunks } from './export-json';
import type { ExportRun } from './export-run';

/** Who moved an order when it was not one of its parties, as the file names them. */
const PLATFORM_ACTORS = { admin: 'Accountry support', system: 'Accountry', provider: 'the payment provider' } as const;

/**
 * Orders bought and sold, each with its history and dispute. Credentials handed over are not in the file (decision
 * 179): a copy in a downloads folder would outlive the order's erasure of them.
 */
export function ordersSection(db: Database, r: ExportRun): Chunks {
  return arrayOf(ordersOf(db, r), 1);
}

/** Orders read a page at a time: a member may have any number of them. */
const ORDER_PAGE = 200;

async function* ordersOf(db: Database, r: ExportRun) {
  const userId = r.userId;
  const orders = pages(
    (after: { createdAt: number; id: string } | undefined) =>
      db
        .selectFrom('orders as o')
        .innerJoin('listings as l', 'l.id', 'o.listingId')
        .innerJoin('users as b', 'b.id', 'o.buyerId')
        .innerJoin('users as s', 's.id', 'o.sellerId')
        // Named columns only: the sealed credentials never leave the database for this.
        .select([
          'o.id',
          'o.listingId',
          'o.buyerId',
          'o.sellerId',
          'o.priceCents',
          'o.currency',
          'o.feeCents',
          'o.refundedCents',
          'o.status',
          'o.provider',
          'o.protectionDays',
          'o.createdAt',
          'o.paidAt',
          'o.deliveredAt',
          'o.protectionStartedAt',
          'o.completedAt',
          'o.credentialsErasedAt',
          'o.disputeReason',
          'o.disputeOpenedAt',
          'o.decisionOutcome',
          'o.decisionReason',
          'o.decidedAt',
          'b.displayName as buyerName',
          's.displayName as sellerName',
          // The buyer's is the title they bought under, not one written after its withdrawal (decision 043).
          listingTitleFor('l', userId).as('title'),
        ])
        .where((eb) => eb.or([eb('o.buyerId', '=', userId), eb('o.sellerId', '=', userId)]))
        .where('o.createdAt', '<=', r.now)
        .$if(!!after, (q) => q.where(laterThan('o.createdAt', 'o.id', after!)))
        .orderBy('o.createdAt')
        .orderBy('o.id')
        .limit(ORDER_PAGE)
        .execute(),
    ORDER_PAGE,
    r.between,
  );
  for await (const o of orders) {
    await r.between();
    const names = { [o.buyerId]: o.buyerName, [o.sellerId]: o.sellerName };
    const history = await db
      .selectFrom('orderHistory')
      .select(['fromStatus', 'toStatus', 'actorKind', 'actorId', 'reason', 'createdAt'])
      .where('orderId', '=', o.id)
      .where('createdAt', '<=', r.now)
      .orderBy('seq')
      .execute();
    yield {
      id: o.id,
      youAre: o.buyerId === userId ? 'buyer' : 'seller',
      with: o.buyerId === userId ? o.sellerName : o.buyerName,
      listing: { id: o.listingId, title: o.title },
      price: { cents: o.priceCents, currency: o.currency },
      // What the site kept of the price: the seller's business, not a charge to the buyer.
      ...(o.sellerId === userId ? { platformFeeCents: o.feeCents } : {}),
      refundedCents: o.refundedCents,
      status: o.status,
      statusLabel: ORDER_STATE_LABELS[o.status],
      paidWith: o.provider,
      protectionDays: o.protectionDays,
      createdAt: isoTime(o.createdAt),
      paidAt: isoTime(o.paidAt),
      deliveredAt: isoTime(o.deliveredAt),
      protectionStartedAt: isoTime(o.protectionStartedAt),
      completedAt: isoTime(o.completedAt),
      credentialsErasedAt: isoTime(o.credentialsErasedAt),
      history: history.map((h) => ({
        from: h.fromStatus,
        to: h.toStatus,
        by:
          h.actorKind === 'buyer' || h.actorKind === 'seller'
            ? who(h.actorId, userId, names[h.actorId ?? ''] ?? null)
            : PLATFORM_ACTORS[h.actorKind],
        reason: h.reason,
        at: isoTime(h.createdAt),
      })),
      dispute: o.disputeOpenedAt ? await disputeOf(db, o, r, names) : null,
    };
  }
}

type OrderRow = Pick<
  OrdersTable,
  'id' | 'disputeReason' | 'disputeOpenedAt' | 'decisionOutcome' | 'decisionReason' | 'decidedAt'
>;

/** The dispute's case file: every statement and piece of evidence, both sides' and support's, as both sides see it. */
async function disputeOf(db: Database, o: OrderRow, r: ExportRun, names: Record<string, string>) {
  const { userId, publicUrl } = r;
  const statements = await db
    .selectFrom('disputeStatements')
    .select(['authorId', 'authorRole', 'body', 'evidenceId', 'createdAt'])
    .where('orderId', '=', o.id)
    .where('createdAt', '<=', r.now)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  const evidenceUrl = (id: string) => `${publicUrl}/api/orders/${o.id}/dispute/evidence/${id}`;
  return {
    reason: o.disputeReason,
    openedAt: isoTime(o.disputeOpenedAt),
    outcome: o.decisionOutcome,
    decisionReason: o.decisionReason,
    decidedAt: isoTime(o.decidedAt),
    statements: statements.map((s) => ({
      by: s.authorRole === 'admin' ? PLATFORM_ACTORS.admin : who(s.authorId, userId, names[s.authorId]),
      text: s.body,
      evidence: s.evidenceId ? evidenceUrl(s.evidenceId) : null,
      at: isoTime(s.createdAt),
    })),
  };
}

const ENTRY_PAGE = 1000;

/** The wallet: both balances, every payout asked for, and every entry on them with what it was for, a page at a time. */
export async function* walletSection(db: Database, r: ExportRun): Chunks {
  const accounts = { [availableAccount(r.userId)]: 'available', [heldAccount(r.userId)]: 'held' } as const;
  const ids = Object.keys(accounts);
  const balances = await db
    .selectFrom('ledgerAccounts')
    .select(['id', 'balanceCents'])
    .where('id', 'in', ids)
    .execute();
  const balance = (id: string) => balances.find((b) => b.id === id)?.balanceCents ?? 0;
  const payouts = await db
    .selectFrom('payouts')
    .select(['id', 'amountCents', 'status', 'reason', 'reference', 'destinationSummary', 'createdAt', 'decidedAt'])
    .where('userId', '=', r.userId)
    .where('createdAt', '<=', r.now)
    .orderBy('createdAt')
    .execute();
  const head = {
    currency: 'USD',
    availableCents: balance(availableAccount(r.userId)),
    heldCents: balance(heldAccount(r.userId)),
    payouts: payouts.map((p) => ({
      id: p.id,
      amountCents: p.amountCents,
      status: p.status,
      reason: p.reason,
      to: p.destinationSummary,
      // The transfer's reference of a paid one (decision 188), to find it in the member's bank or PayPal account.
      transferReference: p.reference || null,
      requestedAt: isoTime(p.createdAt),
      decidedAt: isoTime(p.decidedAt),
    })),
  };
  const entries = pages(
    (after: { createdAt: number; id: string } | undefined) => {
      let q = db
        .selectFrom('ledgerEntries as e')
        .innerJoin('ledgerTransactions as t', 't.id', 'e.transactionId')
        .select(['e.id', 'e.accountId', 'e.amountCents', 'e.createdAt', 't.kind', 't.memo', 't.orderId', 't.payoutId'])
        .where('e.accountId', 'in', ids)
        .where('e.createdAt', '<=', r.now);
      if (after) q = q.where(laterThan('e.createdAt', 'e.id', after));
      return q.orderBy('e.createdAt').orderBy('e.id').limit(ENTRY_PAGE).execute();
    },
    ENTRY_PAGE,
    r.between,
  );
  yield* objectEndingWith(head, 'entries', 1, (depth) =>
    arrayOf(entries, depth, (e, at) =>
      whole(
        {
          balance: accounts[e.accountId as keyof typeof accounts],
          amountCents: e.amountCents,
          kind: e.kind,
          kindLabel: LEDGER_KIND_LABELS[e.kind],
          memo: e.memo,
          orderId: e.orderId,
          payoutId: e.payoutId,
          at: isoTime(e.createdAt),
        },
        at,
      ),
    ),
  );
}
