import { Link } from 'react-router';
import { Anchor, Card, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { AuditEntryView } from '@accountry/shared/admin-audit';
import { adminApi, adminKeys, useAdminList } from '../api/admin-api';
import { LoadMore, QueryState } from '../components/query-state';
import { actionLabel, detailsText, targetLink } from '../lib/audit-labels';
import { formatDateTime } from '../lib/format';
import { compact, useFilterParams } from '../lib/use-filter-params';

/** What the action was on, by name (the id on hover); an id only when nothing carries a name. */
function Target({ e }: { e: AuditEntryView }) {
  const to = targetLink(e.targetType, e.targetId);
  const text = e.targetName ?? `${e.targetType} ${e.targetId}`;
  const title = `${e.targetType} ${e.targetId}`;
  return to ? (
    <Anchor component={Link} to={to} size="sm" title={title}>
      {text}
    </Anchor>
  ) : (
    <Text size="sm" title={title}>
      {text}
    </Text>
  );
}

function Actor({ e }: { e: AuditEntryView }) {
  return (
    <Anchor component={Link} to={`/admin/users/${e.actorId}`} size="sm">
      {e.actorName ?? e.actorId}
    </Anchor>
  );
}

/** /admin/audit: who did what, when, to what — every admin action, newest first. */
export function Component() {
  const { values, set } = useFilterParams(['action', 'actorId'] as const);
  const filters = compact(values);
  const phone = useMediaQuery('(max-width: 48em)');
  const facets = useQuery({ queryKey: adminKeys.auditFacets, queryFn: adminApi.auditFacets });
  const list = useAdminList(adminKeys.audit(filters), (cursor) => adminApi.audit({ ...filters, cursor }));

  return (
    <Stack>
      <Title order={1}>Audit log</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} role="search" aria-label="Filter the audit log">
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
      </SimpleGrid>
      <QueryState
        loading={list.isPending}
        error={list.error}
        onRetry={() => list.refetch()}
        empty={list.items.length === 0}
        emptyText="No admin actions match these filters."
        label="Loading the audit log…"
      >
        {phone ? (
          <Stack gap="xs">
            {list.items.map((e) => (
              <Card key={e.id} withBorder padding="sm">
                <Text fw={600} size="sm">
                  {actionLabel(e.action)}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(e.createdAt)} · <Actor e={e} />
                </Text>
                <Target e={e} />
                {detailsText(e.details) && (
                  <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
                    {detailsText(e.details)}
                  </Text>
                )}
              </Card>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={800}>
            <Table striped aria-label="Audit log">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Admin</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th>On</Table.Th>
                  <Table.Th>Details</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.items.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.createdAt)}</Table.Td>
                    <Table.Td>
                      <Actor e={e} />
                    </Table.Td>
                    <Table.Td>{actionLabel(e.action)}</Table.Td>
                    <Table.Td>
                      <Target e={e} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
                        {detailsText(e.details)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <LoadMore
          hasMore={!!list.hasNextPage}
          loading={list.isFetchingNextPage}
          onLoad={() => list.fetchNextPage()}
          count={list.items.length}
        />
      </QueryState>
    </Stack>
  );
}
