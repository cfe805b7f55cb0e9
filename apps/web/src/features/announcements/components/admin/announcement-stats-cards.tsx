import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { NotificationStats } from '@accountry/shared/announcements';
import { LoadError } from '../../../../components/ui/load-error';
import { useAnnouncementStats } from '../../hooks/use-admin-announcements';

const CARDS: Array<{ key: keyof NotificationStats; label: string; color?: string }> = [
  { key: 'active', label: 'Active', color: 'green' },
  { key: 'draft', label: 'Drafts', color: 'gray' },
  { key: 'expired', label: 'Expired', color: 'orange' },
  { key: 'canceled', label: 'Canceled', color: 'red' },
  { key: 'total', label: 'Total' },
];

/** Counts by status (spec section 3, "Notification stats"). */
export function AnnouncementStatsCards() {
  const stats = useAnnouncementStats();
  // Without this the cards would wait in their loading state for good: the table's "Try again" reloads only itself.
  if (stats.isError)
    return (
      <LoadError title="The announcement counts could not be loaded" error={stats.error} refetch={stats.refetch} />
    );
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} role="list" aria-label="Announcement counts">
      {CARDS.map((c) => (
        <Paper
          key={c.key}
          withBorder
          p="sm"
          role="listitem"
          aria-label={stats.data ? `${c.label}: ${stats.data[c.key]}` : c.label}
        >
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {c.label}
          </Text>
          {stats.data ? (
            <Text size="xl" fw={700} c={c.color}>
              {stats.data[c.key]}
            </Text>
          ) : (
            <Skeleton h={28} mt={4} />
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
