import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ACCOUNT_EVENT_LABELS, type AccountEvent } from '@accountry/shared/account-activity';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { authApi } from '../api/auth-api';
import { ACCOUNT_ACTIVITY_KEY } from '../../../components/confirm-identity/account-security-refresh';

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
  const activity = useInfiniteQuery({
    queryKey: ACCOUNT_ACTIVITY_KEY,
    queryFn: ({ pageParam }) => authApi.activity(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  if (activity.isPending) return <LoadingStatus size="sm" label="Loading your security activity" />;
  if (activity.isError)
    return (
      <Alert color="red" role="alert">
        {activity.error.message}
      </Alert>
    );
  const events = activity.data.pages.flatMap((p) => p.items);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        The last year of sign-ins and changes to how your account is reached. If something here was not you, change your
        password and sign out everywhere.
      </Text>
      {events.length === 0 ? (
        <Text size="sm">Nothing yet.</Text>
      ) : (
        <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Security activity">
          {events.map((e) => (
            <li key={e.id}>
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
      {activity.hasNextPage && (
        <Group>
          {/* Not disabled while loading: a disabled button would drop the keyboard's focus. */}
          <Button
            variant="default"
            size="xs"
            onClick={() => !activity.isFetchingNextPage && void activity.fetchNextPage()}
          >
            {activity.isFetchingNextPage ? 'Loading older activity…' : 'Show older activity'}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
