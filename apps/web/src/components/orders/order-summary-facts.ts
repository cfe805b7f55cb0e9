import type { ReactNode } from 'react';
import { DELIVERY_TIME_LABELS } from '@accountry/shared/listings';
import type { OrderDetail } from '@accountry/shared/orders';
import { formatCents } from '@accountry/shared/wallet';
import { protectionLabel } from './protection';
import { formatDateTime } from '../../lib/format-time';

type SummaryOrder = Pick<
  OrderDetail,
  | 'priceCents'
  | 'buyerName'
  | 'createdAt'
  | 'deliveryTime'
  | 'protectionDays'
  | 'refundedCents'
  | 'feeCents'
  | 'sellerReceivesCents'
  | 'viewerRole'
>;

/** The order summary's terms and values, in order; `seller` is the seller as the viewer reads them (a link or not). */
export function orderSummaryFacts(order: SummaryOrder, seller: ReactNode): Array<[string, ReactNode]> {
  const facts: Array<[string, ReactNode]> = [
    ['Price', formatCents(order.priceCents)],
    ['Buyer', order.buyerName],
    ['Seller', seller],
    ['Ordered', formatDateTime(order.createdAt)],
    ['Delivery time', DELIVERY_TIME_LABELS[order.deliveryTime]],
    ['Protection', protectionLabel(order.protectionDays)],
  ];
  if (order.refundedCents > 0) facts.push(['Refunded to the buyer', formatCents(order.refundedCents)]);
  if (order.feeCents !== null && order.viewerRole !== 'buyer')
    facts.push(['Platform fee', formatCents(order.feeCents)]);
  if (order.sellerReceivesCents !== null)
    facts.push([
      order.viewerRole === 'seller' ? 'You receive' : 'The seller receives',
      order.feeCents === null
        ? `${formatCents(order.sellerReceivesCents)}, after the platform fee`
        : formatCents(order.sellerReceivesCents),
    ]);
  return facts;
}
