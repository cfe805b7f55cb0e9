import { canOpenDispute, type OrderState } from '@accountry/shared/order-state';
import type { OrderListItem } from '@accountry/shared/order-lists';
import type { OrderSide } from '../api/orders-api';
import { formatDateTime } from '../../../lib/format-time';

type Step = (other: string, by: string) => string;

/** What happens next in an order, as its buyer and its seller read it in the list, with the time it is due. */
const NEXT: Partial<Record<OrderState, Record<OrderSide, Step>>> = {
  pending_payment: {
    purchases: (_, by) => `Pay by ${by}, or the order expires.`,
    sales: (other, by) => `${other} pays by ${by}, or the order expires.`,
  },
  paid: {
    purchases: (other, by) => `${other} delivers the credentials by ${by}, or you are refunded.`,
    sales: (_, by) => `Deliver the credentials by ${by}, or the order is canceled and refunded.`,
  },
  delivered: {
    purchases: (_, by) => `Check the account, then accept it or open a dispute by ${by}.`,
    sales: (other, by) => `${other} checks the account until ${by}.`,
  },
  protection: {
    purchases: (_, by) => `You can open a dispute until ${by}.`,
    sales: (_, by) => `You are paid on ${by}, unless the buyer opens a dispute.`,
  },
};

/** The lines that change once no dispute can be opened any more (one was decided, decision 162): nothing to offer. */
const NEXT_WITHOUT_DISPUTE: Partial<Record<OrderState, Partial<Record<OrderSide, Step>>>> = {
  delivered: { purchases: (_, by) => `The account is accepted for you on ${by}.` },
  protection: {
    purchases: (_, by) => `The seller is paid on ${by}.`,
    sales: (_, by) => `You are paid on ${by}.`,
  },
};

/**
 * The list's line for an order still going: whose move it is (as the server counts it, decision 181) and by when; null
 * once the order has ended.
 */
export function nextStep(order: OrderListItem, side: OrderSide): { text: string; yourTurn: boolean } | null {
  if (order.status === 'disputed')
    return order.yourTurn && order.answerDueAt !== null
      ? { text: `Answer the dispute by ${formatDateTime(order.answerDueAt)}.`, yourTurn: true }
      : { text: 'Support is deciding the dispute.', yourTurn: false };
  const now = Date.now();
  const disputable = canOpenDispute(order.status, order.dueAt, now, order.disputeDecided);
  const step = (!disputable && NEXT_WITHOUT_DISPUTE[order.status]?.[side]) || NEXT[order.status]?.[side];
  if (!step || order.dueAt === null || order.dueAt <= now) return null;
  const other = side === 'purchases' ? order.sellerName : order.buyerName;
  return { text: step(other, formatDateTime(order.dueAt)), yourTurn: order.yourTurn };
}
