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

const RANGE_ID = 'traffic-custom-range';

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
        // axe: a named calendar (its button shares the popover's id); no faint placeholder, outside days or red weekends.
        <DatePickerInput
          type="range"
          id={RANGE_ID}
          popoverProps={{ id: RANGE_ID }}
          label="Custom range (UTC days)"
          description="Pick the first and last day"
          value={range}
          onChange={(v) => onRange([v[0] ? String(v[0]) : null, v[1] ? String(v[1]) : null])}
          allowSingleDateInRange
          maxDate={today}
          error={error}
          valueFormat="MMM D, YYYY"
          miw={260}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the range' }}
          ariaLabels={{
            previousMonth: 'Previous month',
            nextMonth: 'Next month',
            previousYear: 'Previous year',
            nextYear: 'Next year',
            previousDecade: 'Previous decade',
            nextDecade: 'Next decade',
            monthLevelControl: 'Choose a month',
            yearLevelControl: 'Choose a year',
          }}
          hideOutsideDates
          weekendDays={[]}
        />
      )}
    </Group>
  );
}
