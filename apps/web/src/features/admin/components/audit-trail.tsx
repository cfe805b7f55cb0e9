import { Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adminApi, adminKeys } from '../api/admin-api';
import { actionLabel } from '../lib/audit-labels';
import { auditDetails } from '../lib/audit-details';
import { AuditDetailsLine } from './audit-details-line';
import { QueryState } from './query-state';
import { formatDateTime } from '../../../lib/format-time';

/** The latest admin actions on one target (a user's history on their page). */
export function AuditTrail({ targetType, targetId }: { targetType: string; targetId: string }) {
  const params = { targetType, targetId, limit: 20 };
  const query = useQuery({ queryKey: adminKeys.audit(params), queryFn: () => adminApi.audit(params) });
  const items = query.data?.items ?? [];
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Admin history
      </Title>
      <QueryState
        loading={query.isPending}
        error={query.error}
        empty={items.length === 0}
        emptyText="No admin actions yet."
        refetch={query.refetch}
        what="the admin actions"
      >
        <Stack gap={6}>
          {items.map((e) => (
            <Text key={e.id} size="sm">
              <Text span c="dimmed">
                {formatDateTime(e.createdAt)}
              </Text>{' '}
              · {actionLabel(e.action)} by {e.actorName ?? e.actorId}
              {auditDetails(e.action, e.details).length > 0 && (
                <>
                  {' — '}
                  <AuditDetailsLine action={e.action} details={e.details} />
                </>
              )}
            </Text>
          ))}
        </Stack>
      </QueryState>
    </Card>
  );
}
