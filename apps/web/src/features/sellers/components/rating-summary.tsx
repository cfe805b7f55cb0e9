import { Group, Progress, Rating, Stack, Text } from '@mantine/core';
import { formatRating } from '@accountry/shared/sellers';

/** Average stars and how many reviews gave each. */
export function RatingSummary({
  average,
  count,
  breakdown,
}: {
  average: number | null;
  count: number;
  breakdown: number[];
}) {
  return (
    <Group align="flex-start" gap="xl" wrap="wrap">
      <Stack gap={2} align="center">
        <Text fz={40} fw={800} lh={1}>
          {average === null ? '—' : formatRating(average)}
        </Text>
        <Rating value={average ?? 0} fractions={10} readOnly aria-hidden />
        <Text size="sm" c="dimmed">
          {count} {count === 1 ? 'review' : 'reviews'}
        </Text>
      </Stack>
      <Stack gap={4} style={{ flex: 1, minWidth: 200 }} aria-label="Reviews by stars">
        {[5, 4, 3, 2, 1].map((star) => (
          <Group key={star} gap="xs" wrap="nowrap">
            <Text size="xs" w={44}>
              {star} star{star === 1 ? '' : 's'}
            </Text>
            <Progress
              value={count ? (breakdown[star - 1] / count) * 100 : 0}
              style={{ flex: 1 }}
              aria-label={`${breakdown[star - 1]} reviews with ${star} stars`}
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
