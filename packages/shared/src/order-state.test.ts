import { describe, expect, it } from 'vitest';
import {
  ORDER_ACTIONS,
  ORDER_STATES,
  availableActions,
  canOpenDispute,
  canTransition,
  dueAtFor,
  listingStatusAfter,
  platformFeeCents,
  type OrderAction,
  type OrderActor,
  type OrderState,
} from './order-state';
import { decisionInputSchema } from './orders';
import { credentialsSchema } from './order-credentials';

const H = 3_600_000;
const D = 24 * H;

// Every allowed (action, from, actor); anything not listed here must be refused.
const ALLOWED: Array<[OrderAction, OrderState, OrderActor, OrderState]> = [
  ['pay', 'pending_payment', 'buyer', 'paid'],
  ['pay', 'pending_payment', 'provider', 'paid'],
  ['expire', 'pending_payment', 'system', 'expired'],
  ['cancel', 'pending_payment', 'buyer', 'canceled'],
  ['cancel', 'paid', 'buyer', 'canceled'],
  ['auto_cancel', 'paid', 'system', 'canceled'],
  ['deliver', 'paid', 'seller', 'delivered'],
  ['confirm', 'delivered', 'buyer', 'protection'],
  ['auto_confirm', 'delivered', 'system', 'protection'],
  ['dispute', 'delivered', 'buyer', 'disputed'],
  ['dispute', 'protection', 'buyer', 'disputed'],
  ['complete', 'protection', 'system', 'completed'],
  ['refund', 'disputed', 'admin', 'refunded'],
  ['partial_refund', 'disputed', 'admin', 'refunded'],
  ['release', 'disputed', 'admin', 'protection'],
  ['seller_closed', 'pending_payment', 'admin', 'canceled'],
  ['seller_closed', 'paid', 'admin', 'canceled'],
  ['buyer_closed', 'pending_payment', 'admin', 'canceled'],
  ['blocked', 'pending_payment', 'system', 'canceled'],
  ['listing_removed', 'pending_payment', 'admin', 'canceled'],
  ['chargeback_lost', 'paid', 'provider', 'refunded'],
  ['chargeback_lost', 'delivered', 'provider', 'refunded'],
  ['chargeback_lost', 'protection', 'provider', 'refunded'],
  ['chargeback_lost', 'disputed', 'provider', 'refunded'],
];

describe('order state machine', () => {
  it.each(ALLOWED)('%s from %s by %s is allowed', (action, from, actor) => {
    expect(canTransition(action, from, actor)).toBe(true);
  });

  it('refuses every other combination', () => {
    const actors: OrderActor[] = ['buyer', 'seller', 'admin', 'system', 'provider'];
    for (const action of ORDER_ACTIONS)
      for (const from of ORDER_STATES)
        for (const actor of actors) {
          const allowed = ALLOWED.some(([a, f, b]) => a === action && f === from && b === actor);
          expect(canTransition(action, from, actor), `${action} ${from} ${actor}`).toBe(allowed);
        }
  });

  it.each([['completed'], ['canceled'], ['expired'], ['refunded']] as Array<[OrderState]>)(
    '%s is final: nobody can move it',
    (state) => {
      for (const actor of ['buyer', 'seller', 'admin', 'system', 'provider'] as OrderActor[])
        expect(availableActions(state, actor)).toEqual([]);
    },
  );

  it.each([
    ['paid', 'buyer', ['cancel']],
    ['paid', 'seller', ['deliver']],
    ['delivered', 'buyer', ['confirm', 'dispute']],
    ['protection', 'buyer', ['dispute']],
    ['disputed', 'admin', ['refund', 'partial_refund', 'release']],
    ['disputed', 'seller', []],
    // Closing an account or deleting a listing cancels orders from the admin's pages, never from the order page.
    ['pending_payment', 'admin', []],
    ['paid', 'admin', []],
  ] as Array<[OrderState, OrderActor, OrderAction[]]>)('in %s the %s may %j', (state, actor, actions) => {
    expect(availableActions(state, actor)).toEqual(actions);
  });

  it.each([
    ['pending_payment', 'paid', null],
    ['paid', 'delivered', 'sold'],
    ['pending_payment', 'expired', 'active'],
    ['pending_payment', 'canceled', 'active'],
    ['paid', 'canceled', 'active'],
    ['disputed', 'refunded', null],
    // A chargeback lost before delivery (decision 183): the account was never handed over.
    ['paid', 'refunded', 'active'],
    ['delivered', 'refunded', null],
    ['protection', 'completed', null],
  ] as Array<[OrderState, OrderState, string | null]>)('listing after %s → %s: %s', (from, to, status) => {
    expect(listingStatusAfter(from, to)).toBe(status);
  });
});

describe('due times', () => {
  const o = (deliveryTime: 'instant' | 'within-24h' | 'within-7d', protectionDays = 14) => ({
    deliveryTime,
    protectionDays,
  });
  it.each([
    ['pending_payment', o('instant'), 15 * 60_000],
    ['paid', o('instant'), 2 * H],
    ['paid', o('within-24h'), 25 * H],
    ['paid', o('within-7d'), 7 * D + H],
    ['delivered', o('instant'), 72 * H],
    ['protection', o('instant', 0), 0],
    ['protection', o('instant', 5), 5 * D],
    ['protection', o('instant', 30), 30 * D],
  ] as const)('%s with %j is due after %d ms', (state, order, after) => {
    expect(dueAtFor(state, 1000, order)).toBe(1000 + after);
  });
  it.each(['disputed', 'completed', 'refunded'] as const)('%s has no due time', (state) => {
    expect(dueAtFor(state, 1000, o('instant'))).toBeNull();
  });

  it('a dispute opens only before the window ends, in delivered or protection', () => {
    expect(canOpenDispute('delivered', 2000, 1999, false)).toBe(true);
    expect(canOpenDispute('delivered', 2000, 2000, false)).toBe(false);
    expect(canOpenDispute('protection', 5000, 4000, false)).toBe(true);
    expect(canOpenDispute('protection', 5000, 4000, true)).toBe(false);
    expect(canOpenDispute('paid', 5000, 4000, false)).toBe(false);
    expect(canOpenDispute('completed', null, 4000, false)).toBe(false);
  });

  it.each([
    [10_000, 5, 500],
    [999, 5, 50],
    [990, 5, 50],
    [101, 5, 5],
  ])('fee on %d cents at %d%% is %d', (amount, pct, fee) => {
    expect(platformFeeCents(amount, pct)).toBe(fee);
  });
});

describe('order inputs', () => {
  it('credentials need at least one field', () => {
    expect(credentialsSchema.safeParse({}).error?.issues[0]?.message).toBe(
      'Enter at least one of login, password, email access, recovery codes or notes.',
    );
    expect(credentialsSchema.safeParse({ login: '  ' }).success).toBe(false);
    expect(credentialsSchema.parse({ password: 'hunter2' }).password).toBe('hunter2');
  });
  it('a partial refund needs an amount', () => {
    const r = decisionInputSchema.safeParse({ outcome: 'partial_refund', reason: 'Half the items were missing' });
    expect(r.error?.issues[0]?.message).toBe('Enter a refund amount of at least 1 cent.');
  });
});
