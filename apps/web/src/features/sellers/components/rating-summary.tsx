import { Anchor, Group, Progress, Rating, Stack, Text } from '@mantine/core';
import { formatRating } from '@accountry/shared/sellers';

/**
 * Average stars and how many reviews gave each. With `reviewsHeadingId`, the count leads to the reviews' heading: on a
 * phone the seller's listings, one under the other, stand between the two.
 */
export function RatingSummary({
  average,
  count,
  breakdown,
  reviewsHeadingId,
}: {
  average: number | null;
  count: number;
  breakdown: number[];
  reviewsHeadingId?: string;
}) {
  const label = `${count} ${count === 1 ? 'review' : 'reviews'}`;
  const showReviews = (e: React.MouseEvent) => {
    // Scrolled to and focused here: a fragment would go through the router, which would scroll back to the top.
    e.preventDefault();
    const heading = document.getElementById(reviewsHeadingId!);
    heading?.scrollIntoView({ block: 'start' });
    heading?.focus({ preventScroll: true });
  };
  return (
    <Group align="flex-start" gap="xl" wrap="wrap">
      <Stack gap={2} align="center">
        <Text fz={40} fw={800} lh={1}>
          {average === null ? '—' : formatRating(average)}
        </Text>
        <Rating value={average ?? 0} fractions={10} readOnly aria-hidden />
        {reviewsHeadingId && count > 0 ? (
          <Anchor href={`#${reviewsHeadingId}`} size="sm" onClick={showReviews}>
            {label}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {label}
          </Text>
        )}
      </Stack>
      {/* A group, so its name is read: a plain div's label is not. */}
      <Stack gap={4} style={{ flex: 1, minWidth: 200 }} role="group" aria-label="Reviews by stars">
        {[5, 4, 3, 2, 1].map((star) => (
          <Group key={star} gap="xs" wrap="nowrap">
            <Text size="xs" w={44}>
              {star} star{star === 1 ? '' : 's'}
            </Text>
            <Progress
              value={count ? (breakdown[star - 1] / count) * 100 : 0}
              style={{ flex: 1 }}
              aria-label={`${breakdown[star - 1]} ${breakdown[star - 1] === 1 ? 'review' : 'reviews'} with ${star} ${star === 1 ? 'star' : 'stars'}`}
            />
            <Text size="xs" w={24} ta="right">
              {breakdown[star - 1]}
            </Text>
          </Group>
        ))}
      </Stack>
    </Group>
  );
}
