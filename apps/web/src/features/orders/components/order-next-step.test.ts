import { describe, expect, it } from 'vitest';
import type { OrderListItem } from '@accountry/shared/order-lists';
import { nextStep } from './order-next-step';
import { formatDateTime } from '../../../lib/format-time';

const due = Date.now() + 3_600_000;
const order = (
  status: OrderListItem['status'],
  dueAt: number | null = due,
  over: Partial<OrderListItem> = {},
): OrderListItem => ({
  id: 'o1',
  listingId: 'l1',
  listingTitle: 'Valorant account',
  thumbUrl: null,
  buyerId: 'b',
  buyerName: 'Bea',
  sellerId: 's',
  sellerName: 'Sam',
  priceCents: 9_900,
  status,
  createdAt: 0,
  updatedAt: 0,
  dueAt,
  answerDueAt: null,
  // As the server answers for the side each test reads it from.
  yourTurn: false,
  onHold: false,
  disputeDecided: false,
  ...over,
});
const at = formatDateTime(due);

describe('the orders list says what comes next', () => {
  it('to the side whose move it is, as their turn', () => {
    expect(nextStep(order('pending_payment', due, { yourTurn: true }), 'purchases')).toEqual({
      text: `Pay by ${at}, or the order expires.`,
      yourTurn: true,
    });
    expect(nextStep(order('paid', due, { yourTurn: true }), 'sales')).toEqual({
      text: `Deliver the credentials by ${at}, or the order is canceled and refunded.`,
      yourTurn: true,
    });
    expect(nextStep(order('delivered', due, { yourTurn: true }), 'purchases')).toEqual({
      text: `Check the account, then accept it or open a dispute by ${at}.`,
      yourTurn: true,
    });
    expect(nextStep(order('disputed', null, { yourTurn: true, answerDueAt: due }), 'sales')).toEqual({
      text: `Answer the dispute by ${at}.`,
      yourTurn: true,
    });
  });

  it('to the other side, as what the other party does', () => {
    expect(nextStep(order('pending_payment'), 'sales')).toEqual({
      text: `Bea pays by ${at}, or the order expires.`,
      yourTurn: false,
    });
    expect(nextStep(order('paid'), 'purchases')?.text).toBe(
      `Sam delivers the credentials by ${at}, or you are refunded.`,
    );
    expect(nextStep(order('protection'), 'sales')?.text).toBe(
      `You are paid on ${at}, unless the buyer opens a dispute.`,
    );
    expect(nextStep(order('disputed', null), 'purchases')).toEqual({
      text: 'Support is deciding the dispute.',
      yourTurn: false,
    });
  });

  it('offers no dispute once an admin decided one, as the server would refuse it', () => {
    const decided = { disputeDecided: true };
    expect(nextStep(order('protection', due, decided), 'purchases')?.text).toBe(`The seller is paid on ${at}.`);
    expect(nextStep(order('protection', due, decided), 'sales')?.text).toBe(`You are paid on ${at}.`);
    expect(nextStep(order('protection'), 'purchases')?.text).toBe(`You can open a dispute until ${at}.`);
  });

  it('nothing once the order ended or its time is up', () => {
    expect(nextStep(order('completed', null), 'purchases')).toBeNull();
    expect(nextStep(order('paid', Date.now() - 1), 'sales')).toBeNull();
  });
});
