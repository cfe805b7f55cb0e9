import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Center, Divider, Loader, Stack, Text } from '@mantine/core';
import { IconArrowDown } from '@tabler/icons-react';
import type { ChatMessage, ConversationCounters } from '@accountry/shared/chat';
import { receiptFor } from '@accountry/shared/chat-rules';
import type { PendingMessage } from '../lib/outbox';
import { outbox } from '../lib/outbox';
import { dayLabel } from '../lib/chat-time';
import { MessageBubble } from './message-bubble';
import { SystemNotice } from './system-notice';

interface Props {
  userId: string;
  otherName: string;
  messages: ChatMessage[];
  pending: PendingMessage[];
  counters: ConversationCounters | null;
  hasMore: boolean;
  loading: boolean;
  loadingOlder: boolean;
  error: string | null;
  otherTyping: boolean;
  onLoadOlder: () => void;
}

type Item = {
  key: string;
  body: string;
  attachment: ChatMessage['attachment'];
  createdAt: number;
  mine: boolean;
  /** An order event the server posted: centered, no bubble, no sender, no receipt (decision 120). */
  system: boolean;
  seq?: number;
  pending?: PendingMessage;
};

const NEAR_BOTTOM_PX = 80;

/** The history, newest at the bottom: scrolling to the top loads older pages and keeps your place. */
export function MessageList(p: Props) {
  const box = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const prev = useRef<{ first?: string; last?: string; height: number; scrollTop: number }>({
    height: 0,
    scrollTop: 0,
  });
  const [newBelow, setNewBelow] = useState(false);

  const items: Item[] = [
    ...p.messages.map((m) => ({
      key: m.id,
      body: m.body,
      attachment: m.attachment,
      createdAt: m.createdAt,
      mine: m.kind === 'user' && m.senderId === p.userId,
      system: m.kind === 'system',
      seq: m.seq,
    })),
    ...p.pending.map((m) => ({
      key: m.clientId,
      body: m.body,
      attachment: m.attachment,
      createdAt: m.createdAt,
      mine: true,
      system: false,
      pending: m,
    })),
  ];
  const first = items[0]?.key;
  const last = items.at(-1)?.key;
  const lastMineStored = [...p.messages].reverse().find((m) => m.senderId === p.userId)?.id;
  const lastIsMine = !!items.at(-1)?.mine;
  const { onLoadOlder, hasMore, loading, otherTyping } = p;

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const before = prev.current;
    if (first !== before.first && last === before.last && before.height) {
      // Older messages went in above: keep the same messages in view.
      el.scrollTop = el.scrollHeight - before.height + before.scrollTop;
    } else if (last !== before.last) {
      if (atBottom.current || lastIsMine || !before.last) {
        el.scrollTop = el.scrollHeight;
        setNewBelow(false);
      } else {
        setNewBelow(true);
      }
    } else if (otherTyping && atBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
    prev.current = { first, last, height: el.scrollHeight, scrollTop: el.scrollTop };
  }, [first, last, lastIsMine, otherTyping]);

  useEffect(() => {
    const el = top.current;
    if (!el || !box.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onLoadOlder();
      },
      { root: box.current, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [onLoadOlder, hasMore, loading]);

  const onScroll = () => {
    const el = box.current!;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (atBottom.current) setNewBelow(false);
    prev.current = { ...prev.current, height: el.scrollHeight, scrollTop: el.scrollTop };
  };

  const jumpDown = () => {
    const el = box.current!;
    el.scrollTop = el.scrollHeight;
    setNewBelow(false);
  };

  return (
    <Box pos="relative" style={{ flex: 1, minHeight: 0 }}>
      <Box
        ref={box}
        onScroll={onScroll}
        h="100%"
        px="md"
        py="sm"
        style={{ overflowY: 'auto' }}
        role="log"
        aria-label="Messages"
        aria-live="polite"
      >
        <div ref={top} />
        {p.hasMore && (
          <Center my="xs">
            <Button size="compact-sm" variant="subtle" loading={p.loadingOlder} onClick={p.onLoadOlder}>
              Load earlier messages
            </Button>
          </Center>
        )}
        {p.loading && (
          <Center py="xl">
            <Loader size="sm" aria-label="Loading messages" />
          </Center>
        )}
        {p.error && (
          <Alert color="red" my="sm" title="Messages could not be loaded">
            {p.error}
          </Alert>
        )}
        {!p.loading && !p.error && items.length === 0 && (
          <Text c="dimmed" ta="center" py="xl" size="sm">
            No messages yet. Say hello and ask the seller anything about the account.
          </Text>
        )}
        <Stack gap={6}>
          {items.map((item, i) => {
            const newDay = i === 0 || dayLabel(items[i - 1].createdAt) !== dayLabel(item.createdAt);
            const status = item.pending
              ? item.pending.status
              : item.mine && p.counters && item.seq
                ? receiptFor(p.counters, p.userId, item.seq)
                : undefined;
            return (
              <Fragment key={item.key}>
                {newDay && <Divider my="xs" label={dayLabel(item.createdAt)} labelPosition="center" />}
                {item.system ? (
                  <SystemNotice body={item.body} createdAt={item.createdAt} />
                ) : (
                  <MessageBubble
                    body={item.body}
                    attachment={item.attachment}
                    createdAt={item.createdAt}
                    mine={item.mine}
                    senderName={p.otherName}
                    status={status}
                    showStatusText={!p.pending.length && item.key === lastMineStored}
                    error={item.pending?.error}
                    onRetry={item.pending ? () => outbox.retry(item.pending!.clientId) : undefined}
                    onDiscard={item.pending ? () => outbox.discard(item.pending!.clientId) : undefined}
                  />
                )}
              </Fragment>
            );
          })}
        </Stack>
        {p.otherTyping && (
          <Text size="sm" c="dimmed" fs="italic" mt="xs" aria-live="polite">
            {p.otherName} is typing…
          </Text>
        )}
      </Box>
      {newBelow && (
        <Button
          size="compact-sm"
          radius="xl"
          pos="absolute"
          bottom={12}
          left="50%"
          style={{ transform: 'translateX(-50%)' }}
          leftSection={<IconArrowDown size={14} />}
          onClick={jumpDown}
        >
          New messages
        </Button>
      )}
    </Box>
  );
}
