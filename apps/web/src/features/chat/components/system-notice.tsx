import { Box, Group, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { clockTime } from '../lib/chat-time';

/** An order or offer event in the conversation (decisions 120, 180): centered and quiet, from nobody, with no receipt or actions. */
export function SystemNotice({ body, createdAt }: { body: string; createdAt: number }) {
  return (
    <Box
      component="article"
      aria-label={`Update from Accountry at ${clockTime(createdAt)}`}
      data-kind="system"
      style={{ alignSelf: 'center', maxWidth: 'min(90%, 520px)' }}
      my={4}
    >
      <Group gap={6} wrap="nowrap" justify="center" align="flex-start">
        <IconInfoCircle
          size={14}
          aria-hidden
          style={{ flexShrink: 0, marginTop: 3 }}
          color="var(--mantine-color-dimmed)"
        />
        <Text size="xs" c="dimmed" ta="center" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {body}{' '}
          <Text span size="xs" c="dimmed">
            · {clockTime(createdAt)}
          </Text>
        </Text>
      </Group>
    </Box>
  );
}
