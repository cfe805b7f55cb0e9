import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Alert, Box, Button, Center, Divider, Loader, Text } from '@mantine/core';
import { IconArrowDown } from '@tabler/icons-react';
import type { ChatMessage, ConversationCounters } from '@accountry/shared/chat';
import { receiptFor } from '@accountry/shared/chat-rules';
import type { PendingMessage } from '../lib/outbox';
import { outbox } from '../lib/outbox';
import { dayLabel } from '../lib/chat-time';
import { toRows } from '../lib/message-rows';
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

const NEAR_BOTTOM_PX = 80;
/** Rows kept beyond the visible ones: a page of older messages (30) stays rendered right above the view. */
const OVERSCAN = 20;
const ROW_GAP = 6;

/**
 * The history, newest at the bottom: scrolling to the top loads older pages and keeps your place. Only the rows in
 * view (plus overscan) are in the DOM, so a conversation of thousands of messages scrolls smoothly.
 */
export function MessageList(p: Props) {
  const box = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const prev = useRef<{ first?: string; last?: string }>({});
  const anchor = useRef<{ key: string; into: number } | null>(null);
  const [newBelow, setNewBelow] = useState(false);
  const [listTop, setListTop] = useState(0);

  const items = useMemo(() => toRows(p.messages, p.pending, p.userId), [p.messages, p.pending, p.userId]);
  const lastMineStored = useMemo(() => {
    for (let i = p.messages.length - 1; i >= 0; i--) if (p.messages[i].senderId === p.userId) return p.messages[i].id;
  }, [p.messages, p.userId]);
  const first = items[0]?.key;
  const last = items.at(-1)?.key;
  const lastIsMine = !!items.at(-1)?.mine;
  const { onLoadOlder, hasMore, loading, otherTyping } = p;

  // Stable while the rows are: a new function would make the virtualizer recompute every row's position per render.
  const getItemKey = useCallback((i: number) => items[i].key, [items]);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => box.current,
    estimateSize: () => 56,
    getItemKey,
    overscan: OVERSCAN,
    scrollMargin: listTop,
  });

  const totalSize = virtualizer.getTotalSize();
  const rowStart = (key: string) => {
    const i = items.findIndex((r) => r.key === key);
    virtualizer.getTotalSize(); // brings the measurements up to date with rows measured during this commit
    return i < 0 ? undefined : virtualizer.measurementsCache[i]?.start;
  };

  // What sits above the rows (the "Load earlier" button, a notice) moves where the first row starts.
  const emptyNow = items.length === 0;
  useLayoutEffect(() => {
    if (listRef.current) setListTop(listRef.current.offsetTop);
  }, [hasMore, loading, p.error, emptyNow]);

  /** The row at the top of the view and how far into it we are: what must stay put when rows change above it. */
  const remember = () => {
    const el = box.current;
    const row = el ? virtualizer.getVirtualItemForOffset(el.scrollTop) : undefined;
    anchor.current = row && el ? { key: String(row.key), into: el.scrollTop - row.start } : null;
  };

  // Also on every change of the total height: rows measured after they mount are taller or shorter than estimated.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const before = prev.current;
    if (last !== before.last && (atBottom.current || lastIsMine || !before.last)) {
      atBottom.current = true;
      el.scrollTop = el.scrollHeight;
      setNewBelow(false);
    } else if (atBottom.current && first === before.first) {
      // A row measured taller than estimated (or the typing line) must not lift the newest off the bottom.
      el.scrollTop = el.scrollHeight;
    } else {
      // Older messages went in above, or rows above were measured: keep the same messages in view.
      if (last !== before.last) setNewBelow(true);
      const want = anchor.current && rowStart(anchor.current.key);
      if (anchor.current && want != null && Math.abs(el.scrollTop - (want + anchor.current.into)) >= 1)
        el.scrollTop = want + anchor.current.into;
    }
    remember();
    prev.current = { first, last };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- remember/rowStart read the virtualizer, fresh each render
  }, [first, last, lastIsMine, otherTyping, totalSize]);

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
    remember();
  };

  const jumpDown = () => {
    const el = box.current!;
    atBottom.current = true;
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
        pos="relative"
        style={{ overflowY: 'auto', overflowAnchor: 'none' }}
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
        <div ref={listRef} style={{ position: 'relative', height: totalSize }}>
          {virtualizer.getVirtualItems().map((v) => {
            const item = items[v.index];
            const status = item.pending
              ? item.pending.status
              : item.mine && p.counters && item.seq
                ? receiptFor(p.counters, p.userId, item.seq)
                : undefined;
            return (
              <div
                key={v.key}
                data-index={v.index}
                ref={virtualizer.measureElement}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: '100%',
                  transform: `translateY(${v.start - listTop}px)`,
                  display: 'flex',
                  flexDirection: 'column',
                  paddingBottom: ROW_GAP,
                }}
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
        </div>
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
