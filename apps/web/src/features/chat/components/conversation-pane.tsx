import { useEffect, useRef } from 'react';
import { Alert, Box, Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CHAT_MESSAGES, type ConversationSummary } from '@accountry/shared/chat';
import { toast } from '../../../lib/toast';
import { focusLost } from '../../../lib/focus-targets';
import { chatApi, chatKeys } from '../api/chat-api';
import { useMessages } from '../hooks/use-messages';
import { useMarkRead } from '../hooks/use-mark-read';
import { useOtherTyping, useTypingSignal } from '../hooks/use-typing';
import { outbox } from '../lib/outbox';
import { BlockDialog } from './block-dialog';
import { Composer } from './composer';
import { IncomingAnnouncer } from './incoming-announcer';
import { ConversationHeader } from './conversation-header';
import { MessageList } from './message-list';
import { ReportConversationDialog } from './report-conversation-dialog';

/** One open conversation: who and what it is about, the history, and the composer. */
export function ConversationPane({
  conversation: c,
  userId,
  onBack,
}: {
  conversation: ConversationSummary;
  userId: string;
  onBack?: () => void;
}) {
  const client = useQueryClient();
  const m = useMessages(c.id, c.counters);
  const counters = m.counters ?? c.counters;
  const lastSeq = m.messages.at(-1)?.seq ?? 0;
  // A member's own read marker is always shown (only the other side's is hidden across a block, decision 236).
  const ownRead = (c.role === 'buyer' ? counters.buyerReadSeq : counters.sellerReadSeq) ?? 0;
  useMarkRead(m.loading ? null : c.id, lastSeq, ownRead);
  const otherTyping = useOtherTyping(c.id, c.other.id);
  const typing = useTypingSignal(c.id);
  const [reportOpen, report] = useDisclosure(false);
  const [blockOpen, block] = useDisclosure(false);

  const refresh = () => client.invalidateQueries({ queryKey: chatKeys.all });
  const blockMutation = useMutation({
    mutationFn: () => chatApi.block(c.other.id),
    onSuccess: () => {
      toast.success(`${c.other.displayName} is blocked.`);
      block.close();
      void refresh();
    },
    onError: (err) => toast.error(err.message),
  });
  const pane = useRef<HTMLDivElement>(null);
  // Set by an unblock until the composer is back: the Unblock button goes with the notice, so the focus goes to the
  // message field that takes its place, once drawn (the refetch's render may come after the next frame).
  const focusComposer = useRef(false);
  const unblockMutation = useMutation({
    mutationFn: () => chatApi.unblock(c.other.id),
    onSuccess: async () => {
      toast.success(`${c.other.displayName} is unblocked.`);
      focusComposer.current = true;
      await refresh();
    },
    onError: (err) => toast.error(err.message),
  });
  useEffect(() => {
    if (!c.canSend || !focusComposer.current) return;
    focusComposer.current = false;
    if (focusLost()) pane.current?.querySelector<HTMLElement>('textarea')?.focus();
  }, [c.canSend]);

  return (
    <Box ref={pane} h="100%" style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <ConversationHeader
        conversation={c}
        otherTyping={otherTyping}
        onBack={onBack}
        onReport={report.open}
        onBlock={block.open}
        onUnblock={() => unblockMutation.mutate()}
      />
      <MessageList
        userId={userId}
        otherName={c.other.displayName}
        messages={m.messages}
        pending={m.pending}
        counters={counters}
        hasMore={m.hasMore}
        loading={m.loading}
        loadingOlder={m.loadingOlder}
        error={m.error}
        otherTyping={otherTyping}
        onLoadOlder={m.loadOlder}
      />
      <IncomingAnnouncer messages={m.messages} loading={m.loading} userId={userId} otherName={c.other.displayName} />
      {c.canSend ? (
        <Composer
          key={c.id}
          conversationId={c.id}
          onTyping={typing}
          onSend={(body, attachment) => outbox.send(c.id, body, attachment)}
        />
      ) : (
        <Alert color="gray" m="md" title={c.blockedByMe ? 'You blocked this user' : 'Messaging is not available'}>
          <Text size="sm">{c.blockedByMe ? CHAT_MESSAGES.youBlocked : CHAT_MESSAGES.cannotMessage}</Text>
          {c.blockedByMe && (
            <Button
              mt="xs"
              size="xs"
              variant="default"
              loading={unblockMutation.isPending}
              onClick={() => unblockMutation.mutate()}
            >
              Unblock
            </Button>
          )}
        </Alert>
      )}
      <ReportConversationDialog
        conversationId={c.id}
        otherName={c.other.displayName}
        canBlock={!c.blockedByMe}
        opened={reportOpen}
        onClose={report.close}
        onBlocked={() => blockMutation.mutate()}
      />
      <BlockDialog
        otherName={c.other.displayName}
        opened={blockOpen}
        loading={blockMutation.isPending}
        onClose={block.close}
        onConfirm={() => blockMutation.mutate()}
      />
    </Box>
  );
}
