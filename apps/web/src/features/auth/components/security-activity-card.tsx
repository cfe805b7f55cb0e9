import { useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ACCOUNT_EVENT_LABELS, type AccountEvent } from '@accountry/shared/account-activity';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { ACCOUNT_ACTIVITY_KEY } from '../../../components/confirm-identity/account-security-refresh';
import { authApi } from '../api/auth-api';

const when = (t: number) => new Date(t).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function where(e: AccountEvent) {
  const parts = [e.device, e.ip && `from ${e.ip}`].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

/**
 * What happened to the ways into the account (decision 178): sign-ins, passwords, addresses, passkeys, two-factor
 * sign-in and payout details, newest first, so a member can tell whether all of it was them.
 */
export function SecurityActivityCard() {
  const list = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState('');
  const activity = useInfiniteQuery({
    queryKey: ACCOUNT_ACTIVITY_KEY,
    queryFn: ({ pageParam }) => authApi.activity(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  if (activity.isPending) return <LoadingStatus size="sm" label="Loading your security activity" />;
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
      <Text size="sm" c="dimmed">
        The last year of sign-ins and changes to how your account is reached. If something here was not you, change your
        password and sign out everywhere.
      </Text>
      {events.length === 0 ? (
        <Text size="sm">Nothing yet.</Text>
      ) : (
        // role="list": Safari drops a list's role once its markers are hidden.
        <Stack
          ref={list}
          component="ol"
          role="list"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Security activity"
        >
          {events.map((e) => (
            <li key={e.id} tabIndex={-1}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="sm" fw={600}>
                  {ACCOUNT_EVENT_LABELS[e.kind]}
                </Text>
                <Text size="sm" c="dimmed">
                  {when(e.at)}
                </Text>
              </Group>
              {where(e) && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {where(e)}
                </Text>
              )}
            </li>
          ))}
        </Stack>
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
