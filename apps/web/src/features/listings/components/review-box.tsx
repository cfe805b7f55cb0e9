import { useState } from 'react';
import { Alert, Button, Card, Input, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REVIEW_MESSAGES, reviewInputSchema, type Review } from '@accountry/shared/reviews';
import type { ListingDetail } from '@accountry/shared/listing-detail';
import { api, ApiRequestError } from '../../../lib/api';
import { zodFieldErrors } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { listingKeys } from '../api/listings-api';
import { StarRating } from '../../../components/ui/star-rating';

/** On a sold listing: the buyer's review of the seller, or the form to write it. */
export function ReviewBox({ listing }: { listing: ListingDetail }) {
  const client = useQueryClient();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useMutation({
    mutationFn: (body: { rating: number; comment: string }) =>
      api<Review>(`/api/listings/${encodeURIComponent(listing.id)}/reviews`, { body }),
    onSuccess: () => {
      toast.success(REVIEW_MESSAGES.created);
      void client.invalidateQueries({ queryKey: listingKeys.detail(listing.id) });
    },
    onError: (err) => {
      if (err instanceof ApiRequestError && Object.keys(err.fields).length) setErrors(err.fields);
      else toast.error(err.message);
    },
  });
  const { mine, blocker } = listing.review;
  if (mine) {
    return (
      <Card withBorder component="section" aria-label="Your review">
        <Title order={3} size="h5">
          Your review of {listing.seller.displayName}
        </Title>
        <StarRating value={mine.rating} mt="xs" label={`${mine.rating} out of 5`} />
        <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
          {mine.comment}
        </Text>
        {mine.reply && (
          <Alert mt="sm" variant="light" title="The seller answered">
            {mine.reply}
          </Alert>
        )}
      </Card>
    );
  }
  if (blocker) return null;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = reviewInputSchema.safeParse({ rating, comment });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setErrors({});
    send.mutate(parsed.data);
  };
  return (
    <Card withBorder component="section" aria-label="Rate the seller">
      <form onSubmit={submit} noValidate>
        <Stack>
          <div>
            <Title order={3} size="h5">
              How was buying from {listing.seller.displayName}?
            </Title>
            <Text size="sm" c="dimmed">
              You bought this account and the order is completed: rate the seller once for it.
            </Text>
          </div>
          <Input.Wrapper label="Your rating" required error={errors.rating} id="review-rating-label">
            <Rating
              value={rating}
              onChange={setRating}
              size="lg"
              getSymbolLabel={(i) => `${i} star${i === 1 ? '' : 's'}`}
              aria-labelledby="review-rating-label"
            />
          </Input.Wrapper>
          <Textarea
            label="Your review"
            required
            autosize
            minRows={3}
            maxLength={1000}
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
