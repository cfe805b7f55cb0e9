import { useRef } from 'react';
import { Link, useParams } from 'react-router';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AdminReportDetail, ReviewInput } from '@accountry/shared/admin-reports';
import { adminApi, adminKeys, useAdminAction } from '../api/admin-api';
import { ReportStatusBadge } from '../components/badges';
import { BackLink } from '../components/back-link';
import { QueryState } from '../components/query-state';
import { ReportedMessages } from '../components/reported-messages';
import { isStaleReview, ReviewForm } from '../components/review-form';
import { reportReasonLabel, reportTypeLabel } from '../lib/report-labels';
import { formatDateTime } from '../../../lib/format-time';

function Person({
  label,
  person,
}: {
  label: string;
  person: { id: string; displayName: string; email: string } | null;
}) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {person ? (
        <Anchor component={Link} to={`/admin/users/${person.id}`} size="sm">
          {person.displayName}
        </Anchor>
      ) : (
        <Text size="sm">—</Text>
      )}
      {person && (
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {person.email}
        </Text>
      )}
    </div>
  );
}

function Target({ r }: { r: AdminReportDetail }) {
  const t = r.target;
  if (!t.exists) return <Text c="dimmed">{t.label}</Text>;
  // A reported user is the target itself: named once, with a link, the address and the account's status.
  if (r.targetType === 'user')
    return (
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Person label="Account" person={t.owner} />
        {t.status && (
          <div>
            <Text size="xs" c="dimmed">
              Status
            </Text>
            <Text size="sm">{t.status.charAt(0).toUpperCase() + t.status.slice(1)}</Text>
          </div>
        )}
      </SimpleGrid>
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <div>
        <Text size="xs" c="dimmed">
          {r.targetType === 'listing' ? 'Listing' : r.targetType === 'conversation' ? 'Conversation' : 'User'}
        </Text>
        {/* A deleted listing has no page to open; its status below says why. */}
        {t.listingId && t.owner && t.status !== 'deleted' ? (
          <Anchor component={Link} to={`/account/${t.owner.id}/${t.listingId}`} size="sm">
            {t.label}
          </Anchor>
        ) : (
          <Text size="sm">{t.label}</Text>
        )}
        {t.status && (
          <Text size="xs" c="dimmed">
            Status: {t.status}
          </Text>
        )}
        {r.targetType === 'listing' && (
          <Anchor component={Link} to={`/admin/listings?q=${encodeURIComponent(r.targetId)}`} size="xs">
            Moderate this listing
          </Anchor>
        )}
      </div>
      <Person label="Seller" person={t.owner} />
      {r.targetType === 'conversation' && <Person label="Buyer" person={t.other} />}
    </SimpleGrid>
  );
}

/** /admin/reports/:reportId: the report, what it points at (with the messages of a reported conversation), and its review. */
export function Component() {
  const { reportId = '' } = useParams();
  const query = useQuery({ queryKey: adminKeys.report(reportId), queryFn: () => adminApi.report(reportId) });
  const review = useAdminAction(
    (input: ReviewInput) => adminApi.reviewReport(reportId, input),
    'Saved.',
    isStaleReview,
  );
  const r = query.data;
  // Saved, the form starts again with its Save button disabled: the focus goes to its heading instead of the body.
  const reviewHeading = useRef<HTMLHeadingElement>(null);
  const save = async (input: ReviewInput) => {
    const saved = await review.mutateAsync(input);
    reviewHeading.current?.focus();
    return { status: saved.status, note: saved.note };
  };
  const reload = async () => {
    const { data } = await query.refetch({ throwOnError: true });
    return { status: data!.status, note: data!.note };
  };
  return (
    <Stack>
      <BackLink to={r ? `/admin/reports?tab=${r.targetType}` : '/admin/reports'}>All reports</BackLink>
      <QueryState
        loading={query.isPending}
        error={query.error}
        refetch={query.refetch}
        label="Loading the report…"
        page="the report"
      >
        {r && (
          <>
            <Group gap="sm">
              <Title order={1}>{reportReasonLabel(r.targetType, r.reason)}</Title>
              <Badge variant="outline" color="gray">
                {reportTypeLabel(r.targetType)}
              </Badge>
              <ReportStatusBadge status={r.status} />
            </Group>
            <Card withBorder>
              <Stack gap="sm">
                {r.message && <Text style={{ whiteSpace: 'pre-wrap' }}>{r.message}</Text>}
                <Group gap="xl">
                  <Person label="Reported by" person={r.reporter} />
                  <div>
                    <Text size="xs" c="dimmed">
                      Reported
                    </Text>
                    <Text size="sm">{formatDateTime(r.createdAt)}</Text>
                  </div>
                </Group>
              </Stack>
            </Card>
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                Reported {r.targetType}
              </Title>
              <Target r={r} />
            </Card>
            {r.targetType === 'conversation' && r.target.exists && <ReportedMessages report={r} />}
            <Card withBorder>
              <Title order={2} size="h4" mb="sm" ref={reviewHeading} tabIndex={-1}>
                Review
              </Title>
              <ReviewForm
                current={{ status: r.status, note: r.note }}
                saving={review.isPending}
                onSave={save}
                onReload={reload}
              />
            </Card>
          </>
        )}
      </QueryState>
    </Stack>
  );
}
