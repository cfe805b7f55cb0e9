import { BarChart, LineChart } from '@mantine/charts';
import { Group, Paper, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { TrafficStats } from '@accountry/shared/traffic';
import { longDate, shortDate } from '../lib/day-format';
import { ChartDataTable } from './chart-data-table';
import { EmptyState } from './empty-state';

const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** Page views and unique visitors per day of the period. */
export function DailyChart({ stats }: { stats: TrafficStats }) {
  const data = stats.daily.map((d) => ({
    date: shortDate(d.date),
    'Page views': d.pageViews,
    'Unique visitors': d.uniqueVisitors,
  }));
  const empty = stats.totalPageViews === 0;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="traffic-daily-title">
      <Title order={2} size="h4" id="traffic-daily-title" mb="sm">
        Daily page views
      </Title>
      {empty ? (
        <EmptyState text="No page views in this period yet." />
      ) : (
        <>
          <div role="img" aria-label={`Line chart of page views and unique visitors for ${stats.daily.length} days`}>
            <LineChart
              h={260}
              data={data}
              dataKey="date"
              curveType="monotone"
              withDots={data.length <= 31}
              withLegend
              series={[
                { name: 'Page views', color: 'indigo.6' },
                { name: 'Unique visitors', color: 'teal.6' },
              ]}
              valueFormatter={(v) => v.toLocaleString()}
            />
          </div>
          <ChartDataTable
            caption="Page views and unique visitors per day (UTC)"
            rowHeader="Day"
            columns={['Page views', 'Unique visitors']}
            rows={stats.daily.map((d) => ({ label: longDate(d.date), values: [d.pageViews, d.uniqueVisitors] }))}
          />
        </>
      )}
    </Paper>
  );
}

/** The 24 hourly counters (UTC) of one day, with a picker for the day. */
export function HourlyChart({
  stats,
  today,
  onDay,
}: {
  stats: TrafficStats;
  today: string;
  onDay: (day: string) => void;
}) {
  const { date, views } = stats.hourly;
  const data = views.map((n, hour) => ({ hour: hourLabel(hour), 'Page views': n }));
  const total = views.reduce((s, n) => s + n, 0);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="traffic-hourly-title">
      <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap">
        <Title order={2} size="h4" id="traffic-hourly-title">
          Views by hour (UTC)
        </Title>
        <DatePickerInput
          label="Day"
          size="xs"
          value={date}
          onChange={(v) => v && onDay(String(v))}
          maxDate={today}
          valueFormat="MMM D, YYYY"
          miw={150}
        />
      </Group>
      {total === 0 ? (
        <EmptyState text={`No page views on ${shortDate(date)}.`} />
      ) : (
        <>
          <div role="img" aria-label={`Bar chart of page views by hour on ${shortDate(date)}`}>
            <BarChart
              h={220}
              data={data}
              dataKey="hour"
              series={[{ name: 'Page views', color: 'indigo.5' }]}
              valueFormatter={(v) => v.toLocaleString()}
            />
          </div>
          <Text size="xs" c="dimmed" mt="xs">
            {total.toLocaleString()} page views on {shortDate(date)}
          </Text>
          <ChartDataTable
            caption={`Page views by hour on ${longDate(date)} (UTC)`}
            rowHeader="Hour (UTC)"
            columns={['Page views']}
            rows={views.map((n, hour) => ({ label: hourLabel(hour), values: [n] }))}
          />
        </>
      )}
    </Paper>
  );
}
