import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import type { Passkey } from '@accountry/shared/passkeys';
import { formatDate } from '../../../../lib/format-time';
import { PlainList } from '../../../../components/ui/plain-list';

interface Props {
  passkeys: Passkey[];
  onRename: (passkey: Passkey) => void;
  onRemove: (passkey: Passkey) => void;
}

/** The account's passkeys, newest first, each with when it was added and last used. */
export function PasskeyList({ passkeys, onRename, onRemove }: Props) {
  return (
    <PlainList aria-label="Your passkeys">
      {passkeys.map((p) => (
        <Paper component="li" key={p.id} withBorder radius="sm" p="sm" aria-label={p.name}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
              <Group gap={6} wrap="nowrap">
                <IconKey size={16} aria-hidden style={{ flexShrink: 0 }} />
                <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {p.name}
                </Text>
                {p.synced && (
                  <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
                    Synced
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                Added {formatDate(p.createdAt)} ·{' '}
                {p.lastUsedAt ? `Last used ${formatDate(p.lastUsedAt)}` : 'Never used'}
              </Text>
            </Stack>
            <Group gap="xs">
              {/* Named with the passkey, so a list of buttons read out of context still says which one. */}
              <Button size="compact-sm" variant="default" aria-label={`Rename ${p.name}`} onClick={() => onRename(p)}>
                Rename
              </Button>
              <Button
                size="compact-sm"
                variant="light"
                color="red"
                aria-label={`Remove ${p.name}`}
                onClick={() => onRemove(p)}
              >
                Remove
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
    </PlainList>
  );
}
