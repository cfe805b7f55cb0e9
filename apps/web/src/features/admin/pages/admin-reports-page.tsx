import { Badge, SegmentedControl, Stack, Tabs, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { REPORT_STATUSES, REPORT_STATUS_LABELS, type ReportCounts } from '@accountry/shared/admin-reports';
import { adminApi, adminKeys } from '../api/admin-api';
import { FeedbackList } from '../components/feedback-list';
import { ReportList } from '../components/report-list';
import { useFilterParams } from '../lib/use-filter-params';

const TABS = [
  { value: 'feedback', label: 'Rate us' },
  { value: 'listing', label: 'Listings' },
  { value: 'conversation', label: 'Conversations' },
  { value: 'user', label: 'Users' },
] as const;
type Tab = (typeof TABS)[number]['value'];

/** /admin/reports: rate-us submissions and reports of listings, conversations and users, by status. */
export function Component() {
  const { values, set } = useFilterParams(['tab', 'status'] as const);
  const tab: Tab = TABS.some((t) => t.value === values.tab) ? (values.tab as Tab) : 'feedback';
  const status = (REPORT_STATUSES as readonly string[]).includes(values.status)
    ? values.status
    : values.status === 'all'
      ? ''
      : 'open';
  const counts = useQuery({ queryKey: adminKeys.reportCounts, queryFn: adminApi.reportCounts });
  const open = (t: Tab) => (counts.data as ReportCounts | undefined)?.[t].open ?? 0;

  return (
    <Stack>
      <Title order={1}>Reports</Title>
      <SegmentedControl
        aria-label="Status"
        value={status || 'all'}
        onChange={(v) => set('status', v)}
        data={[
          ...REPORT_STATUSES.map((s) => ({ value: s, label: REPORT_STATUS_LABELS[s] })),
          { value: 'all', label: 'All' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      <Tabs value={tab} onChange={(v) => set('tab', v)} keepMounted={false}>
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab
              key={t.value}
              value={t.value}
              rightSection={
                open(t.value) > 0 ? (
                  <Badge size="xs" color="red" circle={open(t.value) < 10}>
                    {open(t.value)}
                  </Badge>
                ) : null
              }
            >
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="feedback" pt="md">
          <FeedbackList status={status} />
        </Tabs.Panel>
        <Tabs.Panel value="listing" pt="md">
          <ReportList targetType="listing" status={status} />
        </Tabs.Panel>
        <Tabs.Panel value="conversation" pt="md">
          <ReportList targetType="conversation" status={status} />
        </Tabs.Panel>
        <Tabs.Panel value="user" pt="md">
          <ReportList targetType="user" status={status} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
