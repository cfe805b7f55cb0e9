import { Link } from 'react-router';
import { Anchor, Card, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AuditEntryView } from '@accountry/shared/admin-audit';
import { adminApi, adminKeys, useAdminList } from '../api/admin-api';
import { AdminListTable, type AdminColumn } from '../components/admin-list-table';
import { actionLabel, targetLink, targetText } from '../lib/audit-labels';
import { AuditDetailsLine } from '../components/audit-details-line';
import { compact, useFilterParams } from '../lib/use-filter-params';
import { formatDateTime } from '../../../lib/format-time';

/**
 * A row's links (a name, a title) in their usual look, but at least 24×24 px, so a tap lands on the one meant (WCAG 2.2
 * SC 2.5.8): tap-height makes it 24 px tall, and a name can be two letters narrower than 24 px.
 */
const TAP_TARGET = { className: 'tap-height', miw: 24 } as const;

/** What the action was on, by name (the id on hover); its kind alone when nothing carries a name. */
function Target({ e }: { e: AuditEntryView }) {
  const to = targetLink(e.targetType, e.targetId);
  const text = targetText(e.targetType, e.targetName);
  const title = `${e.targetType} ${e.targetId}`;
  return to ? (
    <Anchor component={Link} to={to} size="sm" title={title} {...TAP_TARGET}>
      {text}
    </Anchor>
  ) : (
    <Text size="sm" title={title}>
      {text}
    </Text>
  );
}

/** The acting admin, linked to their page. */
function Actor({ e }: { e: AuditEntryView }) {
  return (
    <Anchor component={Link} to={`/admin/users/${e.actorId}`} size="sm" {...TAP_TARGET}>
      {e.actorName ?? e.actorId}
    </Anchor>
  );
}

function AuditCard({ e }: { e: AuditEntryView }) {
  return (
    <Card withBorder padding="sm">
      <Text fw={600} size="sm">
        {actionLabel(e.action)}
      </Text>
      <Text size="xs" c="dimmed">
        {formatDateTime(e.createdAt)} · <Actor e={e} />
      </Text>
      <Target e={e} />
      {/* Small type in a small-type block: its wrapped lines are not spaced for body text. */}
      <Text size="xs" component="div">
        <AuditDetailsLine action={e.action} details={e.details} size="xs" />
      </Text>
    </Card>
  );
}

const COLUMNS: AdminColumn<AuditEntryView>[] = [
  { header: 'When', cell: (e) => formatDateTime(e.createdAt), nowrap: true },
  { header: 'Admin', cell: (e) => <Actor e={e} /> },
  { header: 'Action', cell: (e) => actionLabel(e.action) },
  { header: 'On', cell: (e) => <Target e={e} /> },
  {
    header: 'Details',
    cell: (e) => <AuditDetailsLine action={e.action} details={e.details} />,
  },
];

/** /admin/audit: who did what, when, to what — every admin action, newest first. */
export function Component() {
  const { values, set } = useFilterParams(['action', 'actorId'] as const);
  const filters = compact(values);
  const facets = useQuery({ queryKey: adminKeys.auditFacets, queryFn: adminApi.auditFacets });
  const list = useAdminList(adminKeys.audit(filters), (cursor) => adminApi.audit({ ...filters, cursor }));

  return (
    <Stack>
      <Title order={1}>Audit log</Title>
      <AdminListTable
        label="Audit log"
        list={list}
        rowKey={(e) => e.id}
        columns={COLUMNS}
        card={(e) => <AuditCard e={e} />}
        emptyText={Object.keys(filters).length > 0 ? 'No admin actions match these filters.' : 'No admin actions yet.'}
        loadingLabel="Loading the audit log…"
        minWidth={800}
        filterLabel="Filter the audit log"
        filters={
          <>
            <Select
              label="Action"
              placeholder="Any action"
              clearable
              searchable
              data={(facets.data?.actions ?? []).map((a) => ({ value: a, label: actionLabel(a) }))}
              value={values.action || null}
              onChange={(v) => set('action', v)}
            />
            <Select
              label="Admin"
              placeholder="Any admin"
              clearable
              searchable
              data={(facets.data?.actors ?? []).map((a) => ({
                value: a.id,
                label: a.displayName ? `${a.displayName} (${a.email})` : a.id,
              }))}
              value={values.actorId || null}
              onChange={(v) => set('actorId', v)}
            />
          </>
        }
      />
    </Stack>
  );
}
