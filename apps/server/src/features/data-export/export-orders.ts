import type { Database } from '../../db/database';
import { availableAccount, heldAccount } from '../../lib/ledger';
import { isoTime, who } from './export-values';

/**
 * Orders bought and sold, each with its history and dispute. Credentials handed over are not in the file (decision
 * 179): a copy in a downloads folder would outlive the order's erasure of them.
 */
export async function* ordersSection(db: Database, userId: string, publicUrl: string) {
  const orders = await db
    .selectFrom('orders as o')
    .innerJoin('listings as l', 'l.id', 'o.listingId')
    .innerJoin('users as b', 'b.id', 'o.buyerId')
    .innerJoin('users as s', 's.id', 'o.sellerId')
    .selectAll('o')
    .select(['l.title', 'b.displayName as buyerName', 's.displayName as sellerName'])
    .where((eb) => eb.or([eb('o.buyerId', '=', userId), eb('o.sellerId', '=', userId)]))
    .orderBy('o.createdAt')
    .orderBy('o.id')
    .execute();
  for (const o of orders) {
    const names = { [o.buyerId]: o.buyerName, [o.sellerId]: o.sellerName };
    const history = await db
      .selectFrom('orderHistory')
      .select(['fromStatus', 'toStatus', 'actorKind', 'actorId', 'reason', 'createdAt'])
      .where('orderId', '=', o.id)
      .orderBy('seq')
      .execute();
    yield {
      id: o.id,
      youAre: o.buyerId === userId ? 'buyer' : 'seller',
      with: o.buyerId === userId ? o.sellerName : o.buyerName,
      listing: { id: o.listingId, title: o.title },
      price: { cents: o.priceCents, currency: o.currency },
      feeCents: o.feeCents,
      refundedCents: o.refundedCents,
      status: o.status,
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
            ? who(h.actorId, userId, names[h.actorId ?? ''])
            : h.actorKind,
        reason: h.reason,
        at: isoTime(h.createdAt),
      })),
      dispute: o.disputeOpenedAt ? await disputeOf(db, o, userId, names, publicUrl) : null,
    };
  }
}

type OrderRow = { id: string; disputeReason: string | null; disputeOpenedAt: number | null } & {
  decisionOutcome: string | null;
  decisionReason: string | null;
  decidedAt: number | null;
};

/** The dispute's case file: every statement and piece of evidence, both sides' and support's, as both sides see it. */
async function disputeOf(db: Database, o: OrderRow, userId: string, names: Record<string, string>, publicUrl: string) {
  const statements = await db
    .selectFrom('disputeStatements')
    .select(['authorId', 'authorRole', 'body', 'evidenceId', 'createdAt'])
    .where('orderId', '=', o.id)
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
      by: s.authorRole === 'admin' ? 'support' : who(s.authorId, userId, names[s.authorId]),
      text: s.body,
      evidence: s.evidenceId ? evidenceUrl(s.evidenceId) : null,
      at: isoTime(s.createdAt),
    })),
  };
}

/** The wallet: both balances, every entry on them with what it was for, and every payout asked for. */
export async function walletSection(db: Database, userId: string) {
  const accounts = { [availableAccount(userId)]: 'available', [heldAccount(userId)]: 'held' } as const;
  const balances = await db
    .selectFrom('ledgerAccounts')
    .select(['id', 'balanceCents'])
    .where('id', 'in', Object.keys(accounts))
    .execute();
  const balance = (id: string) => balances.find((b) => b.id === id)?.balanceCents ?? 0;
  const entries = await db
    .selectFrom('ledgerEntries as e')
    .innerJoin('ledgerTransactions as t', 't.id', 'e.transactionId')
    .select(['e.accountId', 'e.amountCents', 'e.createdAt', 't.kind', 't.memo', 't.orderId', 't.payoutId'])
    .where('e.accountId', 'in', Object.keys(accounts))
    .orderBy('e.createdAt')
    .orderBy('e.id')
    .execute();
  const payouts = await db
    .selectFrom('payouts')
    .select(['id', 'amountCents', 'status', 'reason', 'destinationSummary', 'createdAt', 'decidedAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .execute();
  return {
    availableCents: balance(availableAccount(userId)),
    heldCents: balance(heldAccount(userId)),
    entries: entries.map((e) => ({
      balance: accounts[e.accountId as keyof typeof accounts],
      amountCents: e.amountCents,
      kind: e.kind,
      memo: e.memo,
      orderId: e.orderId,
      payoutId: e.payoutId,
      at: isoTime(e.createdAt),
    })),
    payouts: payouts.map((p) => ({
      id: p.id,
      amountCents: p.amountCents,
      status: p.status,
      reason: p.reason,
      to: p.destinationSummary,
      requestedAt: isoTime(p.createdAt),
      decidedAt: isoTime(p.decidedAt),
    })),
  };
}
