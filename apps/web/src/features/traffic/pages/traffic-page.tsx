import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import { useSearchParams } from 'react-router';
import { Center, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { trafficStatsQuerySchema, type TrafficStats, type TrafficStatsQuery } from '@accountry/shared/traffic';
import { dayKey, TRAFFIC_PERIODS, type TrafficPeriod } from '@accountry/shared/traffic-period';
import { ACTIVE_USERS_REFRESH_MS, useTrafficStats } from '../hooks/use-traffic';
import { PeriodPicker } from '../components/period-picker';
import { HeadlineFigures } from '../components/headline-figures';
import { DailyChart, HourlyChart } from '../components/traffic-charts';
import { TopPages } from '../components/top-pages';
import { BreakdownTable } from '../components/breakdown-table';
import { longDate } from '../lib/day-format';
import { useActiveUsers } from '../../../components/admin/active-users';
import { LoadError } from '../../../components/ui/load-error';
import { LoadingStatus } from '../../../components/ui/loading-status';

const NAME_LABELS: Record<string, string> = {
  direct: 'Direct (no referrer)',
  invalid: 'Unreadable referrer',
  '(other)': 'Other sites',
  desktop: 'Desktop',
  mobile: 'Mobile',
  tablet: 'Tablet',
};

const rows = (items: TrafficStats['devices']) =>
  items.map((i) => ({ key: i.name, label: NAME_LABELS[i.name] ?? i.name, views: i.views }));

/** The period, custom range and hourly day live in the address, so a view can be shared and survives reload. */
function usePeriodParams() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('period');
  const period: TrafficPeriod = TRAFFIC_PERIODS.includes(raw as TrafficPeriod) ? (raw as TrafficPeriod) : 'week';
  const range: [string | null, string | null] = [params.get('from'), params.get('to')];
  const hourlyDate = params.get('day') ?? undefined;
  const update = (next: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(next))
          if (v) p.set(k, v);
          else p.delete(k);
        return p;
      },
      // A period or day changes the figures below, not the page: the scroll position stays.
      { replace: true, preventScrollReset: true },
    );
  return { period, range, hourlyDate, update };
}

/** /admin/traffic: page views, visitors and sessions for a period, and who is on the site now. */
export function Component() {
  const today = dayKey(Date.now());
  const { period, range, hourlyDate, update } = usePeriodParams();
  const query: TrafficStatsQuery =
    period === 'custom'
      ? { period, from: range[0] ?? undefined, to: range[1] ?? undefined, hourlyDate }
      : { period, hourlyDate };
  const parsed = trafficStatsQuerySchema.safeParse(query);
  const incomplete = period === 'custom' && (!range[0] || !range[1]);
  const rangeError = !incomplete && !parsed.success ? parsed.error.issues[0]?.message : undefined;
  const stats = useTrafficStats(query, parsed.success);
  const active = useActiveUsers({ refetchInterval: ACTIVE_USERS_REFRESH_MS });
  const s = stats.data;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>Traffic</Title>
        {s && (
          <Text c="dimmed" size="sm">
            {s.from === s.to ? longDate(s.from) : `${longDate(s.from)} – ${longDate(s.to)}`} (UTC)
          </Text>
        )}
      </Group>
      <PeriodPicker
        period={period}
        range={range}
        today={today}
        error={rangeError}
        onPeriod={(p) => update({ period: p, from: null, to: null, day: null })}
        onRange={([from, to]) => update({ from, to, day: null })}
      />
      {incomplete && (
        <Text size="sm" c="dimmed">
          Pick the first and last day of the range.
        </Text>
      )}
      {stats.error && <LoadError title="Could not load the statistics" error={stats.error} refetch={stats.refetch} />}
      <HeadlineFigures
        stats={s}
        loading={stats.isPending && parsed.success}
        activeUsers={active.data?.count}
        activeLoading={active.isPending}
        activeError={active.isError}
      />
      {stats.isPending && parsed.success && (
        <Center py="xl" role="status">
          <LoadingStatus label="Loading traffic statistics…" />
        </Center>
      )}
      {s && (
        <>
          <DailyChart stats={s} />
          <HourlyChart stats={s} today={today} onDay={(day) => update({ day })} />
          <TopPages key={`${s.from}-${s.to}`} stats={s} />
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <BreakdownTable
              title="Devices"
              nameHeader="Device"
              rows={rows(s.devices)}
              total={s.totalPageViews}
              emptyText="No devices yet."
            />
            <BreakdownTable
              title="Browsers"
              nameHeader="Browser"
              rows={rows(s.browsers)}
              total={s.totalPageViews}
              emptyText="No browsers yet."
            />
            <BreakdownTable
              title="Referrers"
              nameHeader="Referrer"
              rows={rows(s.referrers)}
              total={s.totalPageViews}
              emptyText="No referrers yet."
            />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
