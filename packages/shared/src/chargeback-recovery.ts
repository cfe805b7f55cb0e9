import { z } from 'zod';
import type { OrderState } from './order-state';

/**
 * Recovering a chargeback on an order settled before it (decision 183, `ORDER_ROUTES.adminChargebackRecovery`): the
 * bank took money the order had already paid out, booked as owed to the platform; an admin takes it back from the
 * balance of the member it was paid to.
 */
export const CHARGEBACK_RECOVERY_MESSAGES = {
  amount: 'Enter an amount of at least 1 cent.',
  nothingToRecover: 'This order has no chargeback lost by the platform to recover.',
  alreadyRecovered: 'This chargeback is already recovered in full.',
  moreThanLeft: 'That is more than is left to recover of this chargeback.',
  balanceTooLow: "The member's available balance is lower than that.",
  ownOrder: 'You cannot recover a chargeback on your own order as an admin. Another admin has to.',
  recovered: 'Chargeback recovered.',
} as const;

const M = CHARGEBACK_RECOVERY_MESSAGES;
/** The most one recovery takes, as a balance correction (a chargeback never exceeds its order's price). */
const MAX_CENTS = 10_000_000;

export const chargebackRecoverySchema = z.strictObject({
  amountCents: z.number({ error: M.amount }).int(M.amount).min(1, M.amount).max(MAX_CENTS, M.amount),
});
export type ChargebackRecoveryInput = z.infer<typeof chargebackRecoverySchema>;

/**
 * For admins, on a chargeback of an order settled before it: whom it is recovered from, what the bank took (less
 * what Stripe gave back), what was recovered, and what is left.
 */
export const chargebackRecoveryViewSchema = z.object({
  from: z.enum(['seller', 'buyer']),
  takenCents: z.number(),
  recoveredCents: z.number(),
  outstandingCents: z.number(),
});
export type ChargebackRecoveryView = z.infer<typeof chargebackRecoveryViewSchema>;

/**
 * Who owes what the bank took of an order settled before the chargeback: the seller when they were paid any of it
 * (completed, or refunded in part by an admin), else the buyer (their card refunded in full, then charged back too).
 */
export function chargebackOwedBy(order: { status: OrderState; priceCents: number; refundedCents: number }) {
  const paid = order.status === 'completed' || (order.status === 'refunded' && order.refundedCents < order.priceCents);
  return paid ? ('seller' as const) : ('buyer' as const);
}
