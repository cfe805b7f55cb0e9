import { Alert, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { detectBrowser, detectDevice } from '@accountry/shared/traffic-detect';
import { authApi } from '../api/auth-api';
import { useSignOut } from '../hooks/use-sign-out';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { formatDateTime } from '../../../lib/format-time';

/** The devices signed in to this account, and signing out of all of them (after a confirmation). */
export function SessionsCard() {
  const [confirming, confirm] = useDisclosure(false);
  const signOut = useSignOut();
  const sessions = useQuery({ queryKey: ['auth-sessions'], queryFn: authApi.sessions });

  return (
    <Stack>
      {sessions.isPending && <LoadingStatus size="sm" label="Loading your devices" />}
      {sessions.isError && (
        <Alert color="red" role="alert">
          {sessions.error.message}
        </Alert>
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
                <Table.Tr key={`${s.createdAt}-${s.lastActive}-${s.userAgent}`}>
                  <Table.Td>
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
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(s.createdAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(s.lastActive)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text size="sm" c="dimmed">
        We email you when your account is signed in to from a browser it has not used before.
      </Text>
      <Group justify="flex-end">
        <Button color="red" variant="light" onClick={confirm.open}>
          Sign out everywhere
        </Button>
      </Group>
      <Modal opened={confirming} onClose={confirm.close} title="Sign out on every device?" centered>
        <Stack>
          <Text size="sm">You will be signed out here and on every other device, including remembered ones.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close}>
              Cancel
            </Button>
            <Button color="red" loading={signOut.isPending} onClick={() => signOut.mutate(true)}>
              Sign out everywhere
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
