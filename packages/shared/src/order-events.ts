/**
 * Socket events about an order, for the open order pages of its buyer, its seller and admins, and nobody else.
 * `updated` says only which order changed: each page asks the routes again, which check who is asking.
 */
export const ORDER_EVENTS = { updated: 'order.updated' } as const;

/** The data of `ORDER_EVENTS.updated`. */
export interface OrderUpdatedEvent {
  orderId: string;
}
