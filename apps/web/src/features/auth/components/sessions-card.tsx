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
import css from './sessions-card.module.css';

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
      {/* On a phone each row is laid out as a stacked item (sessions-card.module.css); the roles keep it a table. */}
      {sessions.data && (
        <Table aria-label="Signed-in devices" verticalSpacing="xs" className={css.table} role="table">
          <Table.Thead className={css.head} role="rowgroup">
            <Table.Tr role="row">
              <Table.Th role="columnheader">Device</Table.Th>
              <Table.Th role="columnheader">Signed in</Table.Th>
              <Table.Th role="columnheader">Last active</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody role="rowgroup">
            {sessions.data.sessions.map((s) => (
              <SessionRow key={s.id} session={s} onEnd={() => endSession(s)} />
            ))}
          </Table.Tbody>
        </Table>
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

/** One device; any but this one has its own "Sign out", under its name (beside it on a phone). */
function SessionRow({ session: s, onEnd }: { session: SessionInfo; onEnd: () => void }) {
  return (
    <Table.Tr className={css.row} role="row">
      <Table.Td className={css.cell} role="cell">
        <Stack gap={6} align="flex-start" className={css.device}>
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
      <DateCell label="Signed in" at={s.createdAt} />
      <DateCell label="Last active" at={s.lastActive} />
    </Table.Tr>
  );
}

/** A date with, on a phone where no column header is in sight, its label before it (the header names it aloud). */
function DateCell({ label, at }: { label: string; at: number }) {
  return (
    <Table.Td className={css.cell} role="cell">
      <Text size="sm">
        <Text span inherit c="dimmed" className={css.label} aria-hidden>
          {label}{' '}
        </Text>
        {formatDateTime(at)}
      </Text>
    </Table.Td>
  );
}
