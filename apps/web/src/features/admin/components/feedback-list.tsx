import { useRef, useState } from 'react';
import { Anchor, Badge, Card, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { FEEDBACK_CATEGORY_LABELS } from '@accountry/shared/feedback';
import type { AdminFeedback } from '@accountry/shared/admin-reports';
import { adminApi, adminKeys, useAdminAction, useAdminList } from '../api/admin-api';
import { ReportStatusBadge } from './badges';
import { LoadMore, QueryState } from './query-state';
import { VirtualAdminCards } from './virtual-admin-cards';
import type { VirtualRows } from './admin-list-types';
import { isStaleReview, ReviewForm } from './review-form';
import { StarRating } from '../../../components/ui/star-rating';
import { AppModal } from '../../../components/ui/app-modal';
import { formatDateTime } from '../../../lib/format-time';

const categoryLabel = (c: string) => FEEDBACK_CATEGORY_LABELS[c as keyof typeof FEEDBACK_CATEGORY_LABELS] ?? c;

/** The rate-us submissions tab: each opens a dialog to set its status and note. */
export function FeedbackList({ status }: { status: string }) {
  const params = status ? { status } : {};
  const list = useAdminList(adminKeys.feedback(params), (cursor) => adminApi.feedback({ ...params, cursor }));
  const rows = useRef<VirtualRows>(null);
  const [open, setOpen] = useState<AdminFeedback | null>(null);
  const review = useAdminAction(
    ({ id, input }: { id: string; input: Parameters<typeof adminApi.reviewFeedback>[1] }) =>
      adminApi.reviewFeedback(id, input),
    'Saved.',
    isStaleReview,
  );
  const queryClient = useQueryClient();
  // The submission as now saved, shown in the open dialog; the list refreshes behind it.
  const reload = async (id: string) => {
    const fresh = await adminApi.feedbackItem(id);
    setOpen(fresh);
    void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    return fresh;
  };

  return (
    <QueryState
      loading={list.isPending}
      error={list.error}
      refetch={list.refetch}
      what="the rate-us submissions"
      empty={list.items.length === 0}
      emptyText="No rate-us submissions here."
      label="Loading rate-us submissions…"
    >
      <VirtualAdminCards
        handle={rows}
        label="Rate-us submissions"
        list={list}
        rowKey={(f) => f.id}
        estimateHeight={130}
        card={(f) => (
          <Card withBorder padding="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs">
                <StarRating value={f.rating} size="sm" label={`${f.rating} of 5 stars`} />
                <Badge variant="outline" color="gray">
                  {categoryLabel(f.category)}
                </Badge>
                <ReportStatusBadge status={f.status} />
              </Group>
              <Anchor component="button" type="button" size="sm" onClick={() => setOpen(f)}>
                Review
              </Anchor>
            </Group>
            <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
              {f.message}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {f.userId ? (
                <Anchor component={Link} to={`/admin/users/${f.userId}`} size="xs" underline="always">
                  {f.displayName ?? f.email}
                </Anchor>
              ) : (
                f.email || 'Anonymous visitor'
              )}{' '}
              · {formatDateTime(f.createdAt)}
            </Text>
            {f.note && (
              <Text size="xs" c="dimmed" mt={2}>
                Note: {f.note}
              </Text>
            )}
          </Card>
        )}
      />
      <LoadMore list={list} rows={rows} />
      <AppModal
        opened={!!open}
        onClose={() => setOpen(null)}
        title="Review rate-us submission"
        // What the member wrote: what the review is about.
        description={
          open && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {open.message}
            </Text>
          )
        }
        centered
      >
        {open && (
          <ReviewForm
            current={{ status: open.status, note: open.note }}
            saving={review.isPending}
            onSave={async (input) => {
              const saved = await review.mutateAsync({ id: open.id, input });
              setOpen(null);
              return saved;
            }}
            onReload={() => reload(open.id)}
          />
        )}
      </AppModal>
    </QueryState>
  );
}
