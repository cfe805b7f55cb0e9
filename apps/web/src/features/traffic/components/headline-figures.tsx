import { useId, type ReactNode } from 'react';
import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconClockHour4, IconEye, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import type { TrafficStats } from '@accountry/shared/traffic';

const fmt = (n: number) => n.toLocaleString();

/** One headline figure; its group is named by the label, so the value is easy to find and to read out. */
export function Figure({
  label,
  value,
  hint,
  icon,
  loading,
  live,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon: ReactNode;
  loading?: boolean;
  /** Announce changes politely (the live active-user count). */
  live?: boolean;
}) {
  const id = useId();
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-labelledby={id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text id={id} size="sm" c="dimmed">
            {label}
          </Text>
          {loading ? (
            <Skeleton h={30} w={70} mt={4} />
          ) : (
            <Text fz={28} fw={700} lh={1.3} aria-live={live ? 'polite' : undefined}>
              {value}
            </Text>
          )}
          {hint && (
            <Text size="xs" c="dimmed" mt={2}>
              {hint}
            </Text>
          )}
        </div>
        <ThemeIcon variant="light" size="lg" radius="md">
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

export function HeadlineFigures({
  stats,
  loading,
  activeUsers,
  activeLoading,
  activeError,
}: {
  stats: TrafficStats | undefined;
  loading: boolean;
  activeUsers: number | undefined;
  activeLoading: boolean;
  activeError: boolean;
}) {
  const avg = stats?.averageSessionMinutes;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <Figure
        label="Page views"
        value={stats ? fmt(stats.totalPageViews) : '—'}
        loading={loading}
        icon={<IconEye size={20} />}
      />
      <Figure
        label="Unique visitors"
        value={stats ? fmt(stats.uniqueVisitorCount) : '—'}
        hint="Each visitor counted once in the period"
        loading={loading}
        icon={<IconUsers size={20} />}
      />
      <Figure
        label="Sessions"
        value={stats ? fmt(stats.sessionCount) : '—'}
        hint={avg == null ? 'No finished sessions yet' : `Average ${avg} min`}
        loading={loading}
        icon={<IconClockHour4 size={20} />}
      />
      <Figure
        label="Active users now"
        value={activeUsers === undefined ? '—' : fmt(activeUsers)}
        hint={activeError ? 'Could not refresh the count' : 'Active in the last 5 minutes · updates live'}
        loading={activeLoading}
        live
        icon={<IconUsersGroup size={20} />}
      />
    </SimpleGrid>
  );
}
