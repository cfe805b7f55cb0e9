import { useRef } from 'react';
import { Link } from 'react-router';
import { Anchor, Card, Group, Text } from '@mantine/core';
import type { ReportTargetType } from '@accountry/shared/admin-reports';
import { adminApi, adminKeys, useAdminList } from '../api/admin-api';
import { ReportStatusBadge } from './badges';
import { LoadMore, QueryState } from './query-state';
import { VirtualAdminCards } from './virtual-admin-cards';
import type { VirtualRows } from './admin-list-types';
import { reportReasonLabel } from '../lib/report-labels';
import { formatDateTime } from '../../../lib/format-time';

/** One tab of reports (listing, conversation or user); each opens its detail page. */
export function ReportList({ targetType, status }: { targetType: ReportTargetType; status: string }) {
  const params = { targetType, ...(status ? { status } : {}) };
  const list = useAdminList(adminKeys.reports(params), (cursor) => adminApi.reports({ ...params, cursor }));
  const rows = useRef<VirtualRows>(null);
  return (
    <QueryState
      loading={list.isPending}
      error={list.error}
      refetch={list.refetch}
      what="the reports"
      empty={list.items.length === 0}
      emptyText="No reports here."
      label="Loading reports…"
    >
      <VirtualAdminCards
        handle={rows}
        label="Reports"
        list={list}
        rowKey={(r) => r.id}
        estimateHeight={110}
        card={(r) => (
          <Card withBorder padding="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Anchor component={Link} to={`/admin/reports/${r.id}`} fw={600}>
                {reportReasonLabel(r.targetType, r.reason)}
              </Anchor>
              <ReportStatusBadge status={r.status} />
            </Group>
            <Text size="sm" c={r.target.exists ? undefined : 'dimmed'}>
              {r.target.label}
            </Text>
            {r.message && (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {r.message}
              </Text>
            )}
            <Text size="xs" c="dimmed" mt={4}>
              Reported by {r.reporter?.displayName ?? 'a removed user'} · {formatDateTime(r.createdAt)}
            </Text>
          </Card>
        )}
      />
      <LoadMore list={list} rows={rows} />
    </QueryState>
  );
}
