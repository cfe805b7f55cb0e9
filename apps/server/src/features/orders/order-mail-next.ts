import { canOpenDispute, sellerShareCents } from '@accountry/shared/order-state';
import { reviewWindowEnd } from '@accountry/shared/reviews';
import { formatCents } from '@accountry/shared/wallet';
import type { OrdersTable } from '../../db/schema';
import { mailTime } from '../../email/mail-time';

type Side = 'buyer' | 'seller';

/**
 * What a party of an order does or can expect next, and by when, for the mail of the move that led there: each side
 * reads its own line (the move's own line is the same for both), as of `now`, the move's time. Null when nothing more
 * is due.
 */
export function nextForMail(
  order: OrdersTable,
  side: Side,
  feePercent: number,
  now: number,
  /** In a dispute: whether the seller has posted a statement, which is their answer. */
  sellerAnswered = false,
): string | null {
  // A chargeback holds the order (decision 183): nothing is due until the bank decides.
  if (order.chargebackHoldSince !== null) return null;
  const pays = formatCents(sellerShareCents(order, feePercent));
  const by = order.dueAt === null ? null : `${mailTime(order.dueAt)} (UTC)`;
  const seller = side === 'seller';
  // A dispute is offered only when the server would open one (decision 162): never after a decided one or too late.
  const disputable = canOpenDispute(order.status, order.dueAt, now, order.decidedAt !== null);
  switch (order.status) {
    case 'pending_payment':
      return !seller && by ? `Pay by ${by}, or the order expires.` : null;
    case 'paid':
      return seller
        ? `Deliver the credentials on the order page by ${by}, or the order is canceled and the buyer refunded. ` +
            `The sale pays you ${pays} after the platform fee.`
        : `The seller delivers the credentials by ${by}; if they do not, you are refunded.`;
    case 'delivered':
      return seller
        ? `The buyer checks the account until ${by}.`
        : disputable
          ? `Check the account, then accept it or open a dispute on the order page by ${by}. If you do nothing, it ` +
            'is accepted for you then.'
          : `The account is accepted for you on ${by}.`;
    case 'protection':
      if (seller) return `You are paid ${pays} on ${by}${disputable ? ', unless the buyer opens a dispute' : ''}.`;
      return disputable
        ? `If you lose access to the account, you can open a dispute until ${by}.`
        : `The seller is paid on ${by}.`;
    case 'disputed': {
      const due = order.sellerAnswerDueAt;
      if (due === null) return null;
      // Asked for until given or its time is up, as the orders list waits on it: never a deadline gone by.
      if (sellerAnswered || now >= due)
        return 'An admin decides the dispute. Add anything that helps on the order page.';
      const answer = `${mailTime(due)} (UTC)`;
      return seller
        ? `Give your side of it, with any evidence, on the order page by ${answer}; then an admin decides.`
        : `The seller is asked to answer by ${answer}; then an admin decides. Add anything that helps on the order page.`;
    }
    case 'completed': {
      if (seller) return `${pays} was added to your balance.`;
      // The buyer was away for the protection period: the review they may now write (none after a refund) is news.
      if (order.completedAt === null || order.refundedCents > 0) return null;
      const until = mailTime(reviewWindowEnd(order.completedAt));
      return `You can now rate the seller on the order page, until ${until} (UTC).`;
    }
    default:
      return null;
  }
}
