import { useRef, useState } from 'react';
import { Box, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { DEFAULT_NOTIFICATION_PAGE_SIZE } from '@accountry/shared/constants';
import type { Notification, SortField } from '@accountry/shared/announcements';
import { toast } from '../../../lib/toast';
import { useAnnouncementList, useAnnouncementMutations } from '../hooks/use-admin-announcements';
import { AnnouncementFilters, type Filters } from '../components/admin/announcement-filters';
import { AnnouncementStatsCards } from '../components/admin/announcement-stats-cards';
import { AnnouncementsTable, type RowAction } from '../components/admin/announcements-table';
import { AnnouncementFormModal } from '../components/admin/announcement-form-modal';
import { AnnouncementMetricsModal } from '../components/admin/announcement-metrics-modal';
import { ConfirmActionModal, type ConfirmKind } from '../components/admin/confirm-action-modal';
import { SendToUsersModal } from '../components/admin/send-to-users-modal';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { LoadError } from '../../../components/ui/load-error';

const INITIAL: Filters = { sortField: 'createdAt', sortDirection: 'desc' };

/** /admin/notifications: site-wide announcements — counts, filters, sorting, cursor paging, and every admin action. */
export function Component() {
  const [filters, setFilters] = useState<Filters>(INITIAL);
  // Cursors of the pages before the current one (cursor paging has no page numbers to jump to).
  const [cursors, setCursors] = useState<string[]>([]);
  const list = useAnnouncementList({
    ...filters,
    pageSize: DEFAULT_NOTIFICATION_PAGE_SIZE,
    lastVisible: cursors.at(-1),
  });
  const { recall, remove } = useAnnouncementMutations();

  const [form, setForm] = useState<{ opened: boolean; editing: Notification | null }>({ opened: false, editing: null });
  const [metricsFor, setMetricsFor] = useState<Notification | null>(null);
  const [sendFor, setSendFor] = useState<Notification | null>(null);
  const [confirm, setConfirm] = useState<{ kind: ConfirmKind; notification: Notification } | null>(null);

  // After a dialog, back to the row's actions button, or to the heading once the row is gone.
  const heading = useRef<HTMLHeadingElement>(null);
  const returnFocusTo = () => heading.current;

  const changeFilters = (f: Filters) => {
    setFilters(f);
    setCursors([]);
  };
  const onSort = (field: SortField) =>
    changeFilters({
      ...filters,
      sortField: field,
      sortDirection: filters.sortField === field && filters.sortDirection === 'desc' ? 'asc' : 'desc',
    });

  const onAction = (action: RowAction, n: Notification) => {
    if (action === 'edit') setForm({ opened: true, editing: n });
    else if (action === 'metrics') setMetricsFor(n);
    else if (action === 'send') setSendFor(n);
    else setConfirm({ kind: action, notification: n });
  };

  const onConfirm = async () => {
    if (!confirm) return;
    const { kind, notification } = confirm;
    try {
      if (kind === 'recall') await recall.mutateAsync(notification.id);
      else await remove.mutateAsync(notification.id);
      toast.success(kind === 'recall' ? 'Announcement recalled' : 'Announcement deleted');
      setConfirm(null);
    } catch (err) {
      toast.error((err as Error).message);
    }
  };

  const page = list.data;
  const rows = page?.notifications ?? [];
  const filtered = !!(filters.status || filters.severity || filters.targetUsers);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2" ref={heading} tabIndex={-1}>
            Announcements
          </Title>
          <Text c="dimmed" size="sm">
            Banners shown at the top of every page to the users they target.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ opened: true, editing: null })}>
          New announcement
        </Button>
      </Group>
      <AnnouncementStatsCards />
      <AnnouncementFilters value={filters} onChange={changeFilters} />
      <Paper withBorder>
        {list.isPending ? (
          <Center py="xl">
            <LoadingStatus label="Loading announcements" />
          </Center>
        ) : list.isError ? (
          <Box p="md">
            <LoadError title="Could not load announcements" error={list.error} refetch={list.refetch} />
          </Box>
        ) : rows.length === 0 ? (
          <Center py="xl" px="md">
            <Text c="dimmed">
              {cursors.length
                ? 'No more announcements.'
                : filtered
                  ? 'No announcements match these filters.'
                  : 'No announcements yet. Create the first one.'}
            </Text>
          </Center>
        ) : (
          <AnnouncementsTable rows={rows} filters={filters} onSort={onSort} onAction={onAction} />
        )}
      </Paper>
      <Group justify="space-between" component="nav" aria-label="Announcement pages">
        <Text size="sm" c="dimmed">
          Page {cursors.length + 1}
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            size="sm"
            leftSection={<IconChevronLeft size={14} />}
            disabled={!cursors.length}
            onClick={() => setCursors((c) => c.slice(0, -1))}
          >
            Previous page
          </Button>
          <Button
            variant="default"
            size="sm"
            rightSection={<IconChevronRight size={14} />}
            disabled={!page?.hasMore || !page.lastVisible || list.isPlaceholderData}
            onClick={() => page?.lastVisible && setCursors((c) => [...c, page.lastVisible!])}
          >
            Next page
          </Button>
        </Group>
      </Group>

      <AnnouncementFormModal
        opened={form.opened}
        editing={form.editing}
        onClose={() => setForm({ opened: false, editing: null })}
        returnFocusTo={returnFocusTo}
      />
      <AnnouncementMetricsModal
        notification={metricsFor}
        onClose={() => setMetricsFor(null)}
        returnFocusTo={returnFocusTo}
      />
      <SendToUsersModal notification={sendFor} onClose={() => setSendFor(null)} returnFocusTo={returnFocusTo} />
      <ConfirmActionModal
        target={confirm}
        loading={recall.isPending || remove.isPending}
        onConfirm={onConfirm}
        onClose={() => setConfirm(null)}
        returnFocusTo={returnFocusTo}
      />
    </Stack>
  );
}
