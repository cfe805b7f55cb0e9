import { useEffect, useMemo, useRef } from 'react';
import { Alert, Box, Button, Center, Divider, Text } from '@mantine/core';
import { IconArrowDown } from '@tabler/icons-react';
import type { ChatMessage, ConversationCounters } from '@accountry/shared/chat';
import { receiptFor } from '@accountry/shared/chat-rules';
import type { PendingMessage } from '../lib/outbox';
import { outbox } from '../lib/outbox';
import { dayLabel } from '../lib/chat-time';
import { toRows } from '../lib/message-rows';
import { useHistoryScroll } from '../hooks/use-history-scroll';
import { MessageBubble } from './message-bubble';
import { SystemNotice } from './system-notice';
import { LoadingStatus } from '../../../components/ui/loading-status';

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

/** Rows drawn beyond the visible ones on each side: a page of older messages (30) going in above stays drawn. */
const OVERSCAN = 20;
const ROW_GAP = 6;
const ESTIMATED_ROW_PX = 56;

/**
 * The history, newest at the bottom: scrolling to the top loads older pages and keeps your place. Only the rows in
 * view (plus overscan) are in the DOM, between two spacers, so a conversation of thousands of messages stays light.
 * It opens at the newest message and follows new ones until you scroll up (decision 144).
 */
export function MessageList(p: Props) {
  const top = useRef<HTMLDivElement>(null);
  const items = useMemo(() => toRows(p.messages, p.pending, p.userId), [p.messages, p.pending, p.userId]);
  const keys = useMemo(() => items.map((r) => r.key), [items]);
  const lastMineStored = useMemo(() => {
    for (let i = p.messages.length - 1; i >= 0; i--) if (p.messages[i].senderId === p.userId) return p.messages[i].id;
  }, [p.messages, p.userId]);
  const { box, content, rows, virtualizer, newBelow, goToNewest } = useHistoryScroll({
    keys,
    lastIsMine: !!items.at(-1)?.mine,
    estimateSize: ESTIMATED_ROW_PX,
    overscan: OVERSCAN,
  });
  const { onLoadOlder, hasMore, loading } = p;

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
  }, [onLoadOlder, hasMore, loading, box]);

  const drawn = virtualizer.getVirtualItems();
  const margin = virtualizer.options.scrollMargin;
  const before = drawn.length ? Math.max(0, drawn[0].start - margin) : 0;
  const after = drawn.length ? Math.max(0, virtualizer.getTotalSize() - (drawn.at(-1)!.end - margin)) : 0;

  return (
    <Box pos="relative" style={{ flex: 1, minHeight: 0 }}>
      <Box
        ref={box}
        h="100%"
        px="md"
        py="sm"
        pos="relative"
        // The list keeps its place itself; the browser's own anchoring would move it a second time.
        style={{ overflowY: 'auto', overflowAnchor: 'none' }}
        role="log"
        aria-label="Messages"
        // Rows are drawn as the list scrolls, and older pages go in above: new messages are read out by the pane's
        // announcer instead, once each (decision 211).
        aria-live="off"
        tabIndex={0}
      >
        <div ref={content}>
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
              <LoadingStatus size="sm" label="Loading messages" />
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
          <div ref={rows}>
            {before > 0 && <div aria-hidden style={{ height: before }} />}
            {drawn.map((v) => {
              const item = items[v.index];
              // No tick at all while a block hides the other side's markers (decision 236).
              const status = item.pending
                ? item.pending.status
                : item.mine && p.counters && item.seq
                  ? (receiptFor(p.counters, p.userId, item.seq) ?? undefined)
                  : undefined;
              return (
                <div
                  key={v.key}
                  data-key={item.key}
                  data-index={v.index}
                  ref={virtualizer.measureElement}
                  style={{ display: 'flex', flexDirection: 'column', paddingBottom: ROW_GAP }}
                >
                  {item.newDay && <Divider my="xs" label={dayLabel(item.createdAt)} labelPosition="center" />}
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
                </div>
              );
            })}
            {after > 0 && <div aria-hidden style={{ height: after }} />}
          </div>
          {p.otherTyping && (
            <Text size="sm" c="dimmed" fs="italic" mt="xs" aria-live="polite">
              {p.otherName} is typing…
            </Text>
          )}
        </div>
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
          onClick={goToNewest}
        >
          New messages
        </Button>
      )}
    </Box>
  );
}
