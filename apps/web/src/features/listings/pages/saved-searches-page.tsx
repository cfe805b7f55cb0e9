import { useRef } from 'react';
import { Link } from 'react-router';
import {
  ActionIcon,
  Anchor,
  Button,
  Container,
  EmptyState,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconBellOff, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_ALERT_HOURS,
  SAVED_SEARCH_MESSAGES,
  type SavedSearch,
} from '@accountry/shared/saved-searches';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../lib/session';
import { SAVED_SEARCHES_KEY, savedSearchesApi } from '../api/saved-searches-api';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { LoadError } from '../../../components/ui/load-error';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { PlainList } from '../../../components/ui/plain-list';
import { formatDate } from '../../../lib/format-time';

/**
 * /saved-searches (members): each saved search, a link to its results, its email alerts on or off (decision 216),
 * and deleting it.
 */
export function Component() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const heading = useRef<HTMLHeadingElement>(null);
  const { ask, dialog } = useConfirm();
  const list = useQuery({ queryKey: SAVED_SEARCHES_KEY, queryFn: savedSearchesApi.list });
  // A refusal is shown in the dialog, which stays open (ConfirmDialog): no toast of its own.
  const remove = useMutation({
    mutationFn: savedSearchesApi.remove,
    onSuccess: (_done, id) => {
      // The row goes before the dialog closes, so the focus does not return to its vanishing button.
      queryClient.setQueryData<{ items: SavedSearch[] }>(SAVED_SEARCHES_KEY, (old) =>
        old ? { items: old.items.filter((s) => s.id !== id) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY });
      toast.success(SAVED_SEARCH_MESSAGES.deleted);
    },
  });
  // Asked first, as every other deletion is: the trash button sits beside the alerts switch, easy to tap by mistake.
  const askDelete = (s: SavedSearch) =>
    ask({
      title: 'Delete this saved search?',
      message: (
        <Text>
          <strong style={{ overflowWrap: 'anywhere' }}>{s.label}</strong> will be deleted, and we will no longer email
          you its new listings.
        </Text>
      ),
      confirmLabel: 'Delete saved search',
      danger: true,
      onConfirm: () => remove.mutateAsync(s.id),
      // Canceled, the focus goes back to the trash button; deleted, with the button gone, to the page's heading.
      returnFocusTo: () => heading.current,
    });
  const alerts = useMutation({
    mutationFn: savedSearchesApi.setAlerts,
    onSuccess: (saved) => {
      queryClient.setQueryData<{ items: SavedSearch[] }>(SAVED_SEARCHES_KEY, (old) =>
        old ? { items: old.items.map((s) => (s.id === saved.id ? saved : s)) } : old,
      );
      toast.success(saved.alerts ? SAVED_SEARCH_MESSAGES.alertsOn : SAVED_SEARCH_MESSAGES.alertsOff);
    },
    onError: (err) => toast.error(err.message),
  });

  return (
    <Container size="sm" py="xl">
      <Stack>
        <div>
          <Title order={1} ref={heading} tabIndex={-1}>
            Saved searches
          </Title>
          <Text c="dimmed">
            We email you when new listings match a saved search whose alerts are on, at most every{' '}
            {SAVED_SEARCH_ALERT_HOURS} hour. You can keep up to {MAX_SAVED_SEARCHES}.
          </Text>
        </div>
        {list.isPending && <LoadingStatus label="Loading your saved searches" />}
        {list.isError && (
          <LoadError title="Your saved searches could not be loaded" error={list.error} refetch={list.refetch} />
        )}
        {list.data && list.data.items.length === 0 && (
          <EmptyState
            icon={<IconBellOff size={32} />}
            title="No saved searches yet"
            description={
              user?.role === 'admin'
                ? 'Members save searches from the browse page; admin accounts are not offered it.'
                : 'Search or filter on the browse page, then choose Save this search.'
            }
          >
            <Button component={Link} to="/browse">
              Browse accounts
            </Button>
          </EmptyState>
        )}
        {list.data && list.data.items.length > 0 && (
          <PlainList gap="sm" aria-label="Your saved searches">
            {list.data.items.map((s) => (
              <Paper component="li" key={s.id} withBorder p="md" radius="md">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <div style={{ minWidth: 0 }}>
                    <Anchor component={Link} to={s.path} fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {s.label}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      Saved {formatDate(s.createdAt)}
                    </Text>
                    <Switch
                      mt="xs"
                      size="sm"
                      label="Email me new listings"
                      aria-label={`Email me new listings for ${s.label}`}
                      checked={alerts.isPending && alerts.variables.id === s.id ? alerts.variables.alerts : s.alerts}
                      disabled={alerts.isPending && alerts.variables.id === s.id}
                      onChange={(e) => alerts.mutate({ id: s.id, alerts: e.currentTarget.checked })}
                    />
                  </div>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Delete saved search ${s.label}`}
                    onClick={() => askDelete(s)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Paper>
            ))}
          </PlainList>
        )}
      </Stack>
      {dialog}
    </Container>
  );
}
