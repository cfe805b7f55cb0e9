import { useRef, useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { REVIEW_MESSAGES, reviewReplySchema, type Review, type ReviewsPage } from '@accountry/shared/reviews';
import { api, ApiRequestError, toQuery } from '../../../lib/api';
import { zodFieldErrors } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { StarRating } from '../../../components/ui/star-rating';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { formatDate } from '../../../lib/format-time';

function ReplyForm({ review }: { review: Review }) {
  const client = useQueryClient();
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string>();
  const send = useMutation({
    mutationFn: () => api<Review>(`/api/reviews/${encodeURIComponent(review.id)}/reply`, { body: { reply } }),
    onSuccess: () => {
      toast.success(REVIEW_MESSAGES.replied);
      void client.invalidateQueries({ queryKey: ['seller-reviews', review.sellerId] });
    },
    onError: (err) =>
      err instanceof ApiRequestError && err.fields.reply ? setError(err.fields.reply) : toast.error(err.message),
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = reviewReplySchema.safeParse({ reply });
    if (!parsed.success) return setError(zodFieldErrors(parsed.error).reply);
    setError(undefined);
    send.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs" mt="sm">
        <Textarea
          label={`Answer ${review.buyerName}`}
          description="You can answer each review once."
          autosize
          minRows={2}
          maxLength={1000}
          value={reply}
          onChange={(e) => setReply(e.currentTarget.value)}
          error={error}
        />
        <Button type="submit" size="xs" w="fit-content" loading={send.isPending}>
          Publish answer
        </Button>
      </Stack>
    </form>
  );
}

/** The seller's reviews, newest first; the seller sees an answer form under each unanswered one. */
export function ReviewList({ sellerId, canReply }: { sellerId: string; canReply: boolean }) {
  const query = useInfiniteQuery({
    queryKey: ['seller-reviews', sellerId],
    queryFn: ({ pageParam }) =>
      api<ReviewsPage>(`/api/sellers/${encodeURIComponent(sellerId)}/reviews${toQuery({ cursor: pageParam })}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const reviews = query.data?.pages.flatMap((p) => p.items) ?? [];
  const list = useRef<HTMLDivElement>(null);
  if (query.isError) return <Alert color="red">{query.error.message}</Alert>;
  if (!query.isPending && reviews.length === 0)
    return <Text c="dimmed">No reviews yet. Buyers can review the seller after a sale.</Text>;
  return (
    <Stack gap="sm">
      {/* The reviews alone, so "More reviews" can focus the first one it added. */}
      <Stack gap="sm" ref={list}>
        {reviews.map((r) => (
          <Card key={r.id} withBorder padding="md" component="article" aria-label={`Review by ${r.buyerName}`}>
            <Group justify="space-between" wrap="nowrap">
              <Group gap="xs" miw={0}>
                <StarRating value={r.rating} size="sm" label={`${r.rating} out of 5 stars`} />
                <Text fw={600} size="sm" className="user-text">
                  {r.buyerName}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {formatDate(r.createdAt)}
              </Text>
            </Group>
            {r.listingTitle !== null && (
              <Text size="xs" c="dimmed" mt={2} className="user-text">
                Bought: {r.listingTitle}
              </Text>
            )}
            <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }} className="user-text">
              {r.comment}
            </Text>
            {r.reply ? (
              <Alert variant="light" mt="sm" title="Seller's answer">
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} className="user-text">
                  {r.reply}
                </Text>
              </Alert>
            ) : canReply ? (
              <ReplyForm review={r} />
            ) : null}
          </Card>
        ))}
      </Stack>
      <LoadMoreButton query={query} label="More reviews" list={list} />
    </Stack>
  );
}
