import { useState } from 'react';
import { Button, Card, Input, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDetail } from '@accountry/shared/orders';
import { REVIEW_COMMENT_MAX, REVIEW_MESSAGES, reviewInputSchema, type Review } from '@accountry/shared/reviews';
import { api, ApiRequestError } from '../../../lib/api';
import { zodFieldErrors } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { orderKeys } from '../api/orders-api';

/** The buyer of a completed order rates the seller once (the server says when: `canReview`). */
export function OrderReviewForm({ order }: { order: OrderDetail }) {
  const client = useQueryClient();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useMutation({
    mutationFn: (body: { rating: number; comment: string }) =>
      api<Review>(`/api/listings/${encodeURIComponent(order.listingId)}/reviews`, { body }),
    onSuccess: async () => {
      toast.success(REVIEW_MESSAGES.created);
      await client.invalidateQueries({ queryKey: orderKeys.detail(order.id) });
      void client.invalidateQueries({ queryKey: ['listing', order.listingId] });
    },
    onError: (err) => {
      if (err instanceof ApiRequestError && Object.keys(err.fields).length) setErrors(err.fields);
      else toast.error(err.message);
    },
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = reviewInputSchema.safeParse({ rating, comment });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setErrors({});
    send.mutate(parsed.data);
  };
  return (
    <Card withBorder component="section" aria-labelledby="order-review-title">
      <form onSubmit={submit} noValidate>
        <Stack>
          <div>
            <Title order={2} size="h4" id="order-review-title">
              Rate {order.sellerName}
            </Title>
            <Text size="sm" c="dimmed">
              Your order is completed: tell other buyers how it went. You can review once per order.
            </Text>
          </div>
          <Input.Wrapper label="Your rating" required error={errors.rating} id="order-review-rating">
            <Rating
              value={rating}
              onChange={setRating}
              size="lg"
              getSymbolLabel={(i) => `${i} star${i === 1 ? '' : 's'}`}
              aria-labelledby="order-review-rating"
            />
          </Input.Wrapper>
          <Textarea
            label="Your review"
            required
            autosize
            minRows={3}
            maxLength={REVIEW_COMMENT_MAX}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            error={errors.comment}
          />
          <Button type="submit" loading={send.isPending} w="fit-content">
            Publish review
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
