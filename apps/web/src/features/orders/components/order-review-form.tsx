import { Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { OrderDetail } from '@accountry/shared/orders';
import { orderSummaryElement } from '../../../components/orders/order-summary';
import { SellerReviewForm } from '../../../components/reviews/seller-review-form';
import { focusLost } from '../../../lib/focus-targets';
import { orderKeys } from '../api/orders-api';

/** The buyer of a completed order rates the seller once (the server says when: `canReview`). */
export function OrderReviewForm({ order }: { order: OrderDetail }) {
  const client = useQueryClient();
  return (
    <SellerReviewForm
      listingId={order.listingId}
      section={{ 'aria-labelledby': 'order-review-title' }}
      ratingLabelId="order-review-rating"
      header={
        <>
          <Title order={2} size="h4" id="order-review-title">
            Rate {order.sellerName}
          </Title>
          <Text size="sm" c="dimmed">
            Your order is completed: tell other buyers how it went. You can review once per order.
          </Text>
        </>
      }
      onReviewed={async () => {
        await client.invalidateQueries({ queryKey: orderKeys.detail(order.id) });
        void client.invalidateQueries({ queryKey: ['listing', order.listingId] });
        // The form went with the review: the focus goes to the order rather than to the page's body.
        requestAnimationFrame(() => {
          if (focusLost()) orderSummaryElement()?.focus();
        });
      }}
    />
  );
}
