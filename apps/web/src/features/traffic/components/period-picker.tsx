import { Group, SegmentedControl } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { TrafficPeriod } from '@accountry/shared/traffic-period';

export const PERIOD_LABELS: Record<TrafficPeriod, string> = {
  day: 'Today',
  week: '7 days',
  month: '30 days',
  year: 'Year',
  custom: 'Custom',
};

/** Day, week, month, year, or a custom range of UTC days. */
export function PeriodPicker({
  period,
  range,
  today,
  error,
  onPeriod,
  onRange,
}: {
  period: TrafficPeriod;
  /** A range the statistics refuse (too long, reversed). */
  error?: string;
  range: [string | null, string | null];
  today: string;
  onPeriod: (p: TrafficPeriod) => void;
  onRange: (r: [string | null, string | null]) => void;
}) {
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <SegmentedControl
        aria-label="Period"
        value={period}
        onChange={(v) => onPeriod(v as TrafficPeriod)}
        data={(Object.keys(PERIOD_LABELS) as TrafficPeriod[]).map((value) => ({ value, label: PERIOD_LABELS[value] }))}
      />
      {period === 'custom' && (
        <DatePickerInput
          type="range"
          label="Custom range (UTC days)"
          placeholder="Pick the first and last day"
          value={range}
          onChange={(v) => onRange([v[0] ? String(v[0]) : null, v[1] ? String(v[1]) : null])}
          allowSingleDateInRange
          maxDate={today}
          error={error}
          valueFormat="MMM D, YYYY"
          miw={260}
          clearable
        />
      )}
    </Group>
  );
}
