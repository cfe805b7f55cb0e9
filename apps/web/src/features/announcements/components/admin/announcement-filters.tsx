import { Group, Select } from '@mantine/core';
import {
  AUDIENCE_FILTERS,
  AUDIENCE_LABELS,
  SEVERITIES,
  SEVERITY_LABELS,
  SORT_FIELDS,
  STATUSES,
  STATUS_LABELS,
  type AudienceFilter,
  type NotificationStatus,
  type Severity,
  type SortField,
} from '@accountry/shared/announcements';

export interface Filters {
  status?: NotificationStatus;
  severity?: Severity;
  targetUsers?: AudienceFilter;
  sortField: SortField;
  sortDirection: 'asc' | 'desc';
}

export const SORT_LABELS: Record<SortField, string> = {
  createdAt: 'Created',
  updatedAt: 'Updated',
  expiresAt: 'Expires',
  title: 'Title',
  severity: 'Severity',
  status: 'Status',
};

const opts = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((v) => ({ value: v, label: labels[v] }));

/** Equality filters on status, severity and audience, and the sort (spec section 7). */
export function AnnouncementFilters({ value, onChange }: { value: Filters; onChange: (f: Filters) => void }) {
  const set = (patch: Partial<Filters>) => onChange({ ...value, ...patch });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Filter announcements">
      <Select
        label="Filter by status"
        placeholder="Any status"
        clearable
        w={150}
        data={opts(STATUSES, STATUS_LABELS)}
        value={value.status ?? null}
        onChange={(v) => set({ status: (v as NotificationStatus) ?? undefined })}
      />
      <Select
        label="Filter by severity"
        placeholder="Any severity"
        clearable
        w={150}
        data={opts(SEVERITIES, SEVERITY_LABELS)}
        value={value.severity ?? null}
        onChange={(v) => set({ severity: (v as Severity) ?? undefined })}
      />
      <Select
        label="Filter by audience"
        placeholder="Any audience"
        clearable
        w={190}
        data={opts(AUDIENCE_FILTERS, AUDIENCE_LABELS)}
        value={value.targetUsers ?? null}
        onChange={(v) => set({ targetUsers: (v as AudienceFilter) ?? undefined })}
      />
      <Select
        label="Sort by"
        allowDeselect={false}
        w={140}
        data={opts(SORT_FIELDS, SORT_LABELS)}
        value={value.sortField}
        onChange={(v) => v && set({ sortField: v as SortField })}
      />
      <Select
        label="Order"
        allowDeselect={false}
        w={150}
        data={[
          { value: 'desc', label: 'Descending' },
          { value: 'asc', label: 'Ascending' },
        ]}
        value={value.sortDirection}
        onChange={(v) => v && set({ sortDirection: v as 'asc' | 'desc' })}
      />
    </Group>
  );
}
