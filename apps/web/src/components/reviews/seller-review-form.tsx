import { useRef, useState, type ReactNode } from 'react';
import { Button, Card, Stack, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { REVIEW_COMMENT_MAX, REVIEW_MESSAGES, reviewInputSchema, type Review } from '@accountry/shared/reviews';
import { api, ApiRequestError } from '../../lib/api';
import { focusFirstError, zodFieldErrors } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { StarRatingField } from '../ui/star-rating';

interface SellerReviewFormProps {
  listingId: string;
  /** The heading and introduction above the fields (the listing page and the order page word them differently). */
  header: ReactNode;
  /** The section's accessible name: a label, or the id of an element in `header`. */
  section: { 'aria-label': string } | { 'aria-labelledby': string };
  ratingLabelId: string;
  onReviewed: () => Promise<unknown> | void;
}

/** A buyer rates the seller once for a completed order: the one review form of the listing and order pages. */
export function SellerReviewForm({ listingId, header, section, ratingLabelId, onReviewed }: SellerReviewFormProps) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  // The focus goes to what to fix (the stars, or the review), where its message is read out.
  const showErrors = (next: Record<string, string>) => focusFirstError(form.current, () => setErrors(next));
  const send = useMutation({
    mutationFn: (body: { rating: number; comment: string }) =>
      api<Review>(`/api/listings/${encodeURIComponent(listingId)}/reviews`, { body }),
    onSuccess: async () => {
      toast.success(REVIEW_MESSAGES.created);
      await onReviewed();
    },
    onError: (err) => {
      if (err instanceof ApiRequestError && Object.keys(err.fields).length) showErrors(err.fields);
      else toast.error(err.message);
    },
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = reviewInputSchema.safeParse({ rating, comment });
    if (!parsed.success) return showErrors(zodFieldErrors(parsed.error));
    setErrors({});
    send.mutate(parsed.data);
  };
  return (
    <Card withBorder component="section" {...section}>
      <form ref={form} onSubmit={submit} noValidate>
        <Stack>
          <div>{header}</div>
          <StarRatingField id={ratingLabelId} value={rating} onChange={setRating} error={errors.rating} />
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
