import { Anchor, Box, Button, Group, Image, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconChecks, IconClock } from '@tabler/icons-react';
import type { ChatAttachment } from '@accountry/shared/chat';
import type { ReceiptState } from '@accountry/shared/chat-rules';
import { clockTime } from '../lib/chat-time';
import { MessageText } from './message-text';

export type BubbleStatus = ReceiptState | 'sending' | 'failed';

const STATUS_LABEL: Record<BubbleStatus, string> = {
  sending: 'Sending…',
  failed: 'Not sent',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
};

function StatusIcon({ status }: { status: BubbleStatus }) {
  const props = { size: 14, 'aria-hidden': true } as const;
  if (status === 'sending') return <IconClock {...props} />;
  if (status === 'failed') return <IconAlertCircle {...props} color="var(--mantine-color-red-6)" />;
  if (status === 'sent') return <IconCheck {...props} />;
  return <IconChecks {...props} color={status === 'read' ? 'var(--mantine-color-blue-6)' : undefined} />;
}

interface Props {
  body: string;
  attachment: ChatAttachment | null;
  createdAt: number;
  mine: boolean;
  senderName: string;
  status?: BubbleStatus;
  /** Spell the status out (under the latest of my messages). */
  showStatusText?: boolean;
  error?: string;
  onRetry?: () => void;
  onDiscard?: () => void;
}

export function MessageBubble({
  body,
  attachment,
  createdAt,
  mine,
  senderName,
  status,
  showStatusText,
  error,
  onRetry,
  onDiscard,
}: Props) {
  return (
    <Box
      component="article"
      aria-label={`${mine ? 'You' : senderName} at ${clockTime(createdAt)}`}
      style={{ alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: 'min(80%, 560px)' }}
    >
      <Box
        px="sm"
        py={6}
        bg={mine ? 'blue.8' : 'gray.1'}
        c={mine ? 'white' : 'dark'}
        style={{ borderRadius: 14, borderBottomRightRadius: mine ? 4 : 14, borderBottomLeftRadius: mine ? 14 : 4 }}
      >
        {attachment && (
          <Anchor href={attachment.url} target="_blank" rel="noopener noreferrer" display="block" mb={body ? 4 : 0}>
            <Image
              src={attachment.url}
              alt={`Image from ${mine ? 'you' : senderName}`}
              width={attachment.width}
              height={attachment.height}
              w={Math.min(260, attachment.width)}
              h="auto"
              fit="contain"
              radius="md"
              loading="lazy"
              style={{ aspectRatio: `${attachment.width} / ${attachment.height}`, maxWidth: '100%' }}
            />
          </Anchor>
        )}
        {body && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <MessageText body={body} />
          </Text>
        )}
      </Box>
      <Group gap={4} justify={mine ? 'flex-end' : 'flex-start'} mt={2} c="dimmed">
        <Text size="xs">{clockTime(createdAt)}</Text>
        {mine &&
          status &&
          (showStatusText || status === 'failed' ? (
            <Group gap={2} wrap="nowrap">
              <StatusIcon status={status} />
              <Text size="xs" c={status === 'failed' ? 'red' : status === 'read' ? 'blue' : 'dimmed'}>
                {STATUS_LABEL[status]}
              </Text>
            </Group>
          ) : (
            <Group gap={2} wrap="nowrap" role="img" aria-label={STATUS_LABEL[status]} title={STATUS_LABEL[status]}>
              <StatusIcon status={status} />
            </Group>
          ))}
      </Group>
      {status === 'failed' && (
        <Group gap="xs" justify="flex-end">
          {error && (
            <Text size="xs" c="red">
              {error}
            </Text>
          )}
          {onRetry && (
            <Button size="compact-xs" variant="subtle" onClick={onRetry}>
              Retry
            </Button>
          )}
          {onDiscard && (
            <Button size="compact-xs" variant="subtle" color="gray" onClick={onDiscard}>
              Delete
            </Button>
          )}
        </Group>
      )}
    </Box>
  );
}
