import { useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { ACCOUNT_EVENT_LABELS, type AccountActivity, type AccountEvent } from '@accountry/shared/account-activity';
import { LoadingStatus } from '../ui/loading-status';
import { formatDateTime } from '../../lib/format-time';
import { PlainList } from '../ui/plain-list';

function where(e: AccountEvent) {
  const parts = [e.device, e.ip && `from ${e.ip}`].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

interface ActivityListProps {
  queryKey: QueryKey;
  fetchPage: (cursor?: string) => Promise<AccountActivity>;
  /** The loading status's words. */
  loadingLabel: string;
}

/**
 * An account's security activity (decision 178), newest first, with older pages on request: the member's own on the
 * profile, and support's look at it on the admin user page.
 */
export function ActivityList({ queryKey, fetchPage, loadingLabel }: ActivityListProps) {
  const list = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState('');
  const activity = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Read again when a change is made (the callers invalidate it), not on every return to the tab: support's reads
    // are audited.
    refetchOnWindowFocus: false,
  });
  if (activity.isPending) return <LoadingStatus size="sm" label={loadingLabel} />;
  if (!activity.data)
    return (
      <Alert color="red" role="alert">
        {activity.error?.message}
      </Alert>
    );
  const events = activity.data.pages.flatMap((p) => p.items);
  const showOlder = async () => {
    if (activity.isFetchingNextPage) return;
    const before = events.length;
    setLoaded('');
    const next = await activity.fetchNextPage();
    if (next.isError) return;
    const added = (next.data?.pages.flatMap((p) => p.items).length ?? before) - before;
    setLoaded(`${added} older ${added === 1 ? 'event' : 'events'} loaded.`);
    // The first new item takes the focus: the button may be gone, and the next Tab should not jump past the list.
    list.current?.querySelectorAll<HTMLElement>('li')[before]?.focus();
  };
  return (
    <Stack gap="sm">
      {events.length === 0 ? (
        <Text size="sm">Nothing yet.</Text>
      ) : (
        <PlainList ref={list} ordered aria-label="Security activity">
          {events.map((e) => (
            <li key={e.id} tabIndex={-1}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="sm" fw={600}>
                  {ACCOUNT_EVENT_LABELS[e.kind]}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatDateTime(e.at)}
                </Text>
              </Group>
              {where(e) && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {where(e)}
                </Text>
              )}
            </li>
          ))}
        </PlainList>
      )}
      <Text size="sm" role="status" c="dimmed">
        {activity.isFetchingNextPage ? 'Loading older activity…' : loaded}
      </Text>
      {activity.isFetchNextPageError && (
        <Alert color="red" role="alert">
          {activity.error?.message} Try again.
        </Alert>
      )}
      {activity.hasNextPage && (
        <Group>
          {/* Not disabled while loading: a disabled button would drop the keyboard's focus. */}
          <Button variant="default" size="xs" onClick={() => void showOlder()}>
            Show older activity
          </Button>
        </Group>
      )}
    </Stack>
  );
}
