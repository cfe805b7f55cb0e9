import { Link } from 'react-router';
import { Avatar, Badge, Box, Group, Image, Indicator, Text, UnstyledButton } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import type { ConversationSummary } from '@accountry/shared/chat';
import { listTime } from '../lib/chat-time';

function preview(c: ConversationSummary, userId: string) {
  const m = c.lastMessage;
  if (!m) return 'No messages yet';
  const text = m.preview || (m.attachment ? 'Photo' : '');
  return m.senderId === userId ? `You: ${text}` : text;
}

/** One row of the list: who, which listing, the last message and when, and how many are unread. */
export function ConversationListItem({
  c,
  userId,
  active,
  now,
}: {
  c: ConversationSummary;
  userId: string;
  active: boolean;
  now: number;
}) {
  const unread = c.unread;
  return (
    <UnstyledButton
      component={Link}
      to={`/chat?c=${encodeURIComponent(c.id)}`}
      aria-current={active ? 'page' : undefined}
      aria-label={`${c.other.displayName}, ${c.listing.title}${unread ? `, ${unread} unread` : ''}`}
      px="sm"
      py="xs"
      bg={active ? 'blue.0' : undefined}
      style={{ display: 'block', borderRadius: 8 }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Indicator color="green" position="bottom-end" offset={5} size={10} withBorder disabled={!c.other.online}>
          <Avatar color="indigo" name={c.other.displayName} />
        </Indicator>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap={4} wrap="nowrap">
            <Text size="sm" fw={unread ? 700 : 600} truncate>
              {c.other.displayName}
            </Text>
            {c.lastMessage && (
              <Text size="xs" c={unread ? 'blue' : 'dimmed'} style={{ flexShrink: 0 }}>
                {listTime(c.lastMessage.at, now)}
              </Text>
            )}
          </Group>
          <Group gap={6} wrap="nowrap" mt={2}>
            {c.listing.thumbUrl ? (
              <Image
                src={c.listing.thumbUrl}
                alt=""
                width={480}
                height={360}
                w={28}
                h={20}
                radius={3}
                fit="cover"
                loading="lazy"
              />
            ) : (
              <IconPhoto size={16} color="gray" aria-hidden />
            )}
            <Text size="xs" c="dimmed" truncate>
              {c.listing.title}
            </Text>
          </Group>
          <Group justify="space-between" gap={4} wrap="nowrap" mt={2}>
            <Text size="sm" c={unread ? 'dark' : 'dimmed'} fw={unread ? 600 : 400} truncate>
              {preview(c, userId)}
            </Text>
            {unread > 0 && (
              <Badge size="sm" circle={unread < 10} color="blue" style={{ flexShrink: 0 }}>
                {unread}
              </Badge>
            )}
          </Group>
        </Box>
      </Group>
    </UnstyledButton>
  );
}
