import { useRef } from 'react';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { SessionInfo } from '@accountry/shared/auth';
import { detectBrowser, detectDevice } from '@accountry/shared/traffic-detect';
import { authApi } from '../api/auth-api';
import { useSignOut } from '../hooks/use-sign-out';
import { SESSIONS_KEY, signOutLabel, useEndSession } from '../hooks/use-end-session';
import { LoadError } from '../../../components/ui/load-error';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { formatDateTime } from '../../../lib/format-time';

/**
 * The devices signed in to this account: each other one can be signed out on its own (decision 199), and all of them
 * at once, this one too; both after a confirmation.
 */
export function SessionsCard() {
  const root = useRef<HTMLDivElement>(null);
  const { ask, dialog } = useConfirm();
  const signOut = useSignOut();
  const endSession = useEndSession(root, ask);
  const sessions = useQuery({ queryKey: SESSIONS_KEY, queryFn: authApi.sessions });
  const askEverywhere = () =>
    ask({
      title: 'Sign out on every device?',
      message: 'You will be signed out here and on every other device, including remembered ones.',
      confirmLabel: 'Sign out everywhere',
      danger: true,
      onConfirm: () => signOut.mutateAsync(true),
    });

  return (
    <Stack ref={root}>
      {sessions.isPending && <LoadingStatus size="sm" label="Loading your devices" />}
      {sessions.isError && (
        <LoadError title="Your devices could not be loaded" error={sessions.error} refetch={sessions.refetch} />
      )}
      {/* Narrow enough for a phone: the dates wrap rather than hide the last column behind a sideways scroll. */}
      {sessions.data && (
        <Table.ScrollContainer minWidth={300}>
          <Table aria-label="Signed-in devices" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Device</Table.Th>
                <Table.Th>Signed in</Table.Th>
                <Table.Th>Last active</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sessions.data.sessions.map((s) => (
                <SessionRow key={s.id} session={s} onEnd={() => endSession(s)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text size="sm" c="dimmed">
        We email you when your account is signed in to from a browser it has not used before. Sign out a device you do
        not know, then change your password.
      </Text>
      <Group justify="flex-end">
        <Button color="red" variant="light" onClick={askEverywhere}>
          Sign out everywhere
        </Button>
      </Group>
      {dialog}
    </Stack>
  );
}

/** One device; any but this one has its own "Sign out", under its name so the row fits a phone. */
function SessionRow({ session: s, onEnd }: { session: SessionInfo; onEnd: () => void }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={6} align="flex-start">
          <Group gap={6}>
            <Text size="sm">
              {detectBrowser(s.userAgent)} · {detectDevice(s.userAgent)}
            </Text>
            {s.current && (
              <Badge size="xs" color="teal.9">
                This device
              </Badge>
            )}
            {s.remember && (
              <Badge size="xs" variant="light">
                Remembered
              </Badge>
            )}
          </Group>
          {!s.current && (
            <Button
              size="xs"
              color="red"
              variant="light"
              onClick={onEnd}
              aria-label={signOutLabel(s)}
              data-end-session={s.id}
            >
              Sign out
            </Button>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatDateTime(s.createdAt)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatDateTime(s.lastActive)}</Text>
      </Table.Td>
    </Table.Tr>
  );
}
