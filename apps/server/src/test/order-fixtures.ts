import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database';
import type { OrdersTable } from '../db/schema';
import type { Clock } from '../lib/clock';
import { newId } from '../lib/ids';
import { firstThumbOf } from '../features/orders/order-listings.repository';
import { EXTERNAL, availableAccount, balanceOf, postLedger } from '../lib/ledger';

type OrderOf = Pick<OrdersTable, 'listingId' | 'buyerId' | 'sellerId'> & Partial<OrdersTable>;

/** An order row arranged directly (reviews and seller tests need orders without walking them through the API). */
export async function insertOrderRow(ctx: { db: Database; clock: Clock }, o: OrderOf) {
  // The picture its buyer is shown, as buy now keeps it (decision 218).
  const listingThumbUrl = await firstThumbOf(ctx.db, o.listingId);
  const row = orderRowOf(ctx, { listingThumbUrl, ...o });
  await ctx.db.insertInto('orders').values(row).execute();
  return row;
}

/** The row `insertOrderRow` writes (a completed order, made now), for tests that insert many at once. */
export function orderRowOf(ctx: { clock: Clock }, o: OrderOf): OrdersTable {
  const now = ctx.clock.now();
  return {
    id: newId(),
    priceCents: 10_000,
    currency: 'USD',
    feeCents: null,
    refundedCents: 0,
    status: 'completed',
    provider: 'balance',
    providerRef: null,
    checkoutExpiryOwedAt: null,
    deliveryTime: 'instant',
    protectionDays: 0,
    conversationId: null,
    createdAt: now,
    updatedAt: now,
    paidAt: now,
    deliveredAt: now,
    protectionStartedAt: now,
    completedAt: now,
    dueAt: null,
    dueAction: null,
    reminderAt: null,
    disputeReason: null,
    disputeOpenedAt: null,
    sellerAnswerDueAt: null,
    pausedRemainingMs: null,
    decisionOutcome: null,
    decisionReason: null,
    decidedBy: null,
    decidedAt: null,
    credentialsCipher: null,
    credentialsEraseAt: null,
    credentialsErasedAt: null,
    credentialsRevealedAt: null,
    credentialsCorrections: 0,
    chargebackHoldSince: null,
    ...o,
  };
}

/** Put money on a user's available balance, as an admin credit would. */
export async function fund(ctx: { db: Database; clock: Clock }, userId: string, amountCents: number) {
  await ctx.db
    .transaction()
    .execute((trx) =>
      postLedger(
        trx,
        { kind: 'credit', moves: [{ from: EXTERNAL, to: availableAccount(userId), amountCents }] },
        ctx.clock.now(),
      ),
    );
}

/** Take a user's whole available balance out, as an admin's correction would: an admin deletes only an empty wallet. */
export async function emptyWallet(ctx: { db: Database; clock: Clock }, userId: string) {
  await ctx.db.transaction().execute(async (trx) => {
    const amountCents = await balanceOf(trx, availableAccount(userId));
    if (amountCents > 0)
      await postLedger(
        trx,
        { kind: 'credit', moves: [{ from: availableAccount(userId), to: EXTERNAL, amountCents }] },
        ctx.clock.now(),
      );
  });
}

/** A balance credit's request id, as the admin page makes one per credit (decision 238). */
export const newCreditRequestId = () => randomBytes(16).toString('hex');
