import { reviewWindowEnd } from '@accountry/shared/reviews';
import type { OrderDetail } from '@accountry/shared/orders';
import { formatDateTime } from '../../../lib/format-time';

/**
 * For the buyer during the protection period: that the order completes when it ends, and from then they can rate the
 * seller for 30 days (the review rule, decision 081); null for anyone else, or once a refund rules the review out.
 */
export function reviewAfterProtectionText(
  order: Pick<OrderDetail, 'viewerRole' | 'status' | 'dueAction' | 'dueAt' | 'refundedCents'>,
): string | null {
  if (order.viewerRole !== 'buyer' || order.status !== 'protection' || order.refundedCents > 0) return null;
  if (order.dueAction !== 'complete' || order.dueAt === null) return null;
  // The order completes when the protection period ends (its due time).
  const until = formatDateTime(reviewWindowEnd(order.dueAt));
  return `When the protection period ends, you can rate the seller on this page until ${until}.`;
}
