import { DUE_RULES, platformFeeCents, type OrderState } from '@accountry/shared/order-state';
import type { DeliveryTime } from '@accountry/shared/listings';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@accountry/shared/durations';
import type { Database } from '../db/database';
import type { OrdersTable } from '../db/schema';
import type { CredentialsCipher } from '../lib/credentials-cipher';
import { newId } from '../lib/ids';
import { firstThumbOf } from '../features/orders/order-listings.repository';
import { ESCROW, PLATFORM_FEE, availableAccount, postLedger, type Move } from '../lib/ledger';

const FEE_PERCENT = 5;

/** The states each order passed through to reach its state, for its history. */
const PATHS: Record<OrderState, OrderState[]> = {
  pending_payment: ['pending_payment'],
  paid: ['pending_payment', 'paid'],
  delivered: ['pending_payment', 'paid', 'delivered'],
  protection: ['pending_payment', 'paid', 'delivered', 'protection'],
  disputed: ['pending_payment', 'paid', 'delivered', 'disputed'],
  completed: ['pending_payment', 'paid', 'delivered', 'protection', 'completed'],
  canceled: ['pending_payment', 'paid', 'canceled'],
  expired: ['pending_payment', 'expired'],
  refunded: ['pending_payment', 'paid', 'delivered', 'disputed', 'refunded'],
};

export interface DemoOrder {
  listing: { id: string; sellerId: string; priceCents: number; deliveryTime: string; protectionDays?: number };
  buyerId: string;
  state: OrderState;
  /** When the last move happened. */
  at: number;
}

/** What a demo seller hands over: plainly made-up values, sealed like real ones. */
function demoCredentials(n: string) {
  return {
    login: `demo_account_${n}`,
    password: `demo-password-${n}`,
    emailAccess: '',
    recoveryCodes: '',
    notes: 'Demo data: this account does not exist.',
  };
}

/** Insert an order with its history and the ledger movements its state implies (buyers pay from their balance). */
export async function insertDemoOrder(db: Database, o: DemoOrder, now: number, cipher: CredentialsCipher) {
  const { listing, buyerId, state, at } = o;
  const path = PATHS[state];
  const step = 2 * HOUR_MS;
  const start = at - (path.length - 1) * step;
  const when = (s: OrderState) => (path.includes(s) ? start + path.indexOf(s) * step : null);
  const price = listing.priceCents;
  const fee = state === 'completed' ? platformFeeCents(price, FEE_PERCENT) : null;
  const rule = DUE_RULES[state];
  const protectionDays = listing.protectionDays ?? 14;
  const dueAt = rule
    ? at +
      rule.after({ deliveryTime: listing.deliveryTime as DeliveryTime, protectionDays }) -
      (state === 'pending_payment' ? 5 * MINUTE_MS : 0)
    : null;
  const final = state === 'completed' || state === 'refunded';
  const row: OrdersTable = {
    id: newId(),
    listingId: listing.id,
    buyerId,
    sellerId: listing.sellerId,
    priceCents: price,
    currency: 'USD',
    feeCents: fee,
    refundedCents: state === 'refunded' ? price : 0,
    status: state,
    provider: 'balance',
    providerRef: null,
    checkoutExpiryOwedAt: null,
    deliveryTime: listing.deliveryTime,
    protectionDays,
    conversationId: null,
    listingThumbUrl: await firstThumbOf(db, listing.id),
    createdAt: start,
    updatedAt: at,
    paidAt: when('paid'),
    deliveredAt: when('delivered'),
    protectionStartedAt: when('protection'),
    completedAt: final ? at : null,
    dueAt: state === 'pending_payment' ? Math.max(dueAt ?? now, now + 10 * MINUTE_MS) : dueAt,
    dueAction: rule?.action ?? null,
    reminderAt: null,
    disputeReason: path.includes('disputed')
      ? 'The original owner recovered the account two days after delivery.'
      : null,
    disputeOpenedAt: when('disputed'),
    sellerAnswerDueAt: path.includes('disputed') ? when('disputed')! + DAY_MS : null,
    pausedRemainingMs: path.includes('disputed') ? protectionDays * DAY_MS : null,
    decisionOutcome: state === 'refunded' ? 'refund' : null,
    decisionReason: state === 'refunded' ? 'The seller could not show the account was handed over intact.' : null,
    decidedBy: null,
    decidedAt: state === 'refunded' ? at : null,
    credentialsCipher: null,
    credentialsEraseAt: final ? at + 30 * DAY_MS : null,
    credentialsErasedAt: null,
    credentialsRevealedAt: null,
    credentialsCorrections: 0,
    chargebackHoldSince: null,
  };
  if (state === 'pending_payment') row.dueAt = now + 10 * MINUTE_MS;
  // Delivered or later: the credentials panel has something to reveal, until the retention ends as the sweep would.
  if (row.deliveredAt !== null) {
    if (row.credentialsEraseAt !== null && row.credentialsEraseAt <= now)
      Object.assign(row, { credentialsErasedAt: row.credentialsEraseAt, credentialsEraseAt: null });
    else row.credentialsCipher = cipher.seal(demoCredentials(row.id.slice(-6).toLowerCase()), row.id);
  }
  await db.insertInto('orders').values(row).execute();
  await db
    .insertInto('orderHistory')
    .values(
      path.map((to, i) => ({
        id: newId(),
        orderId: row.id,
        seq: i + 1,
        fromStatus: i === 0 ? null : path[i - 1],
        toStatus: to,
        actorKind:
          to === 'paid' || to === 'pending_payment' || to === 'disputed' || to === 'canceled'
            ? 'buyer'
            : to === 'delivered'
              ? 'seller'
              : to === 'refunded'
                ? 'admin'
                : 'system',
        actorId:
          to === 'delivered'
            ? listing.sellerId
            : ['paid', 'pending_payment', 'disputed', 'canceled'].includes(to)
              ? buyerId
              : null,
        reason: '',
        createdAt: start + i * step,
      })) as never,
    )
    .execute();
  if (row.paidAt === null) return row;
  const post = (kind: 'order_payment' | 'order_refund' | 'order_release', moves: Move[]) =>
    postLedger(db, { kind, orderId: row.id, moves: moves.filter((m) => m.amountCents > 0) }, at);
  await post('order_payment', [{ from: availableAccount(buyerId), to: ESCROW, amountCents: price }]);
  if (state === 'refunded' || state === 'canceled')
    await post('order_refund', [{ from: ESCROW, to: availableAccount(buyerId), amountCents: price }]);
  if (state === 'completed')
    await post('order_release', [
      { from: ESCROW, to: availableAccount(listing.sellerId), amountCents: price - fee! },
      { from: ESCROW, to: PLATFORM_FEE, amountCents: fee! },
    ]);
  return row;
}
