import { Alert, Center, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Notification, NotificationMetrics } from '@accountry/shared/announcements';
import { useAnnouncementMetrics } from '../../hooks/use-admin-announcements';
import { LoadingStatus } from '../../../../components/ui/loading-status';
import { AppModal } from '../../../../components/ui/app-modal';

const FIGURES: Array<{ key: keyof NotificationMetrics; label: string; hint: string }> = [
  { key: 'audienceSize', label: 'Audience', hint: 'Users it targets now' },
  { key: 'totalResponses', label: 'Responses', hint: 'Users who read or dismissed it' },
  { key: 'readCount', label: 'Read', hint: 'Users who have seen it' },
  { key: 'dismissedCount', label: 'Dismissed', hint: 'Users who closed it' },
  { key: 'unreadCount', label: 'Unread', hint: 'Audience that has not seen it yet' },
  { key: 'activeCount', label: 'Still showing', hint: 'Audience that has not dismissed it' },
];

const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/** Per-announcement metrics (definitions in docs/decisions/021-announcement-metrics.md). */
export function AnnouncementMetricsModal({
  notification,
  onClose,
  returnFocusTo,
}: {
  notification: Notification | null;
  onClose: () => void;
  /** Where the focus goes after closing when the row's actions button is gone. */
  returnFocusTo?: () => HTMLElement | null | undefined;
}) {
  const metrics = useAnnouncementMetrics(notification?.id ?? null);
  const m = metrics.data;
  return (
    <AppModal
      opened={!!notification}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      title={notification ? `Metrics: ${notification.title}` : 'Metrics'}
      description="How many members the announcement reached, and how many of them read or dismissed it."
      size="lg"
    >
      {metrics.isPending ? (
        <Center py="lg">
          <LoadingStatus label="Loading metrics" />
        </Center>
      ) : metrics.isError || !m ? (
        <Alert color="red" role="alert">
          {metrics.error?.message ?? 'Could not load the metrics.'}
        </Alert>
      ) : (
        <Stack>
          <SimpleGrid cols={{ base: 2, sm: 3 }} role="list" aria-label="Announcement metrics">
            {FIGURES.map((f) => (
              <Stack key={f.key} gap={0} role="listitem" aria-label={`${f.label}: ${m[f.key]}`}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {f.label}
                </Text>
                <Text size="xl" fw={700}>
                  {m[f.key]}
                </Text>
                <Text size="xs" c="dimmed">
                  {f.hint}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm">Read by {pct(m.audienceSize - m.unreadCount, m.audienceSize)}% of the audience</Text>
            <Progress
              value={pct(m.audienceSize - m.unreadCount, m.audienceSize)}
              aria-label="Share of the audience that read it"
            />
            <Text size="sm">Dismissed by {pct(m.audienceSize - m.activeCount, m.audienceSize)}% of the audience</Text>
            <Progress
              color="gray"
              value={pct(m.audienceSize - m.activeCount, m.audienceSize)}
              aria-label="Share of the audience that dismissed it"
            />
          </Stack>
        </Stack>
      )}
    </AppModal>
  );
}
