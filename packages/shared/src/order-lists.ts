import { z } from 'zod';
import { ORDER_STATES } from './order-state';
import { orderHeadSchema, orderStateSchema } from './orders';

/** Order lists: a member's purchases and sales, the admin's list, and what waits for a member's move. */
export const orderListItemSchema = orderHeadSchema.extend({
  status: orderStateSchema,
  createdAt: z.number(),
  updatedAt: z.number(),
  dueAt: z.number().nullable(),
  /** While disputed: when the seller's answer is due. */
  answerDueAt: z.number().nullable(),
  /** Whether the order waits for a move of the member whose list it is in (decision 181). */
  yourTurn: z.boolean(),
  /** Whether a chargeback holds the order until the card's bank decides (decision 183). */
  onHold: z.boolean(),
  /** Whether an admin decided a dispute of the order: no other can be opened (decision 162). */
  disputeDecided: z.boolean(),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

export const ORDER_SIDES = ['purchases', 'sales'] as const;
export const ORDER_STATUS_FILTERS = ['all', 'open', ...ORDER_STATES] as const;
/** A member's own lists also filter on what waits for their move (decision 181). */
export const MY_ORDER_FILTERS = ['all', 'waiting', 'open', ...ORDER_STATES] as const;
/**
 * The admin's list also finds every order a chargeback touched, those whose lost chargeback still has money to
 * recover (decision 183), those with a card refund Stripe refused (decision 095), and those with a dispute of a second
 * payment refunded at once (decision 244).
 */
export const ADMIN_ORDER_FILTERS = [
  'all',
  'open',
  'chargeback',
  'chargeback_to_recover',
  'refund_refused',
  'refunded_payment_dispute',
  ...ORDER_STATES,
] as const;
export type OrderStatusFilter = (typeof MY_ORDER_FILTERS)[number] | (typeof ADMIN_ORDER_FILTERS)[number];
export const ORDERS_PAGE_SIZE = 20;

export const myOrdersQuerySchema = z.object({
  side: z.enum(ORDER_SIDES).default('purchases'),
  status: z.enum(MY_ORDER_FILTERS).default('all'),
  cursor: z.string().max(300).optional(),
});
export const ordersPageSchema = z.object({ items: z.array(orderListItemSchema), nextCursor: z.string().nullable() });
export type OrdersPage = z.infer<typeof ordersPageSchema>;

/** GET /api/orders/waiting: what waits for the signed-in member's move (decision 181). */
export const waitingCountsSchema = z.object({
  /** Orders to pay, or to check and confirm. */
  purchases: z.number().int(),
  /** Orders to deliver. */
  sales: z.number().int(),
  /** Offers to answer. */
  offersReceived: z.number().int(),
  /** The seller's prices to answer, and accepted offers to buy. */
  offersMade: z.number().int(),
});
export type WaitingCounts = z.infer<typeof waitingCountsSchema>;

export const adminOrdersQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(ADMIN_ORDER_FILTERS).default('all'),
  cursor: z.string().max(300).optional(),
});
/**
 * An admin list row: also what is left to recover of the order's latest chargeback when the bank decided it for the
 * buyer after the order was settled (decision 183), and what Stripe refused to refund to the card with its latest
 * message (decision 095), null otherwise. Members' lists never carry them.
 */
export const adminOrderListItemSchema = orderListItemSchema.extend({
  chargebackToRecoverCents: z.number().nullable(),
  refusedRefund: z.object({ amountCents: z.number(), stripeError: z.string() }).nullable(),
});
export type AdminOrderListItem = z.infer<typeof adminOrderListItemSchema>;
/** Admin list rows: open disputes first, then newest; never any credentials. */
export const adminOrdersPageSchema = z.object({
  items: z.array(adminOrderListItemSchema),
  nextCursor: z.string().nullable(),
});
