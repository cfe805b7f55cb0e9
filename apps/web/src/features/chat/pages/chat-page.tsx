import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Box, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconMessages } from '@tabler/icons-react';
import { useSession } from '../../../lib/session';
import { chatApi, chatKeys } from '../api/chat-api';
import { useConversation, useLiveConversations } from '../hooks/use-conversations';
import { chatLive } from '../lib/chat-live';
import { useFillHeight } from '../hooks/use-fill-height';
import { ConversationList } from '../components/conversation-list';
import { ConversationPane } from '../components/conversation-pane';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { LoadError } from '../../../components/ui/load-error';
import { mayPass } from '../../../lib/api';

/**
 * /chat: the conversation list beside the open conversation (one at a time on a phone).
 * `?listing=<id>` (the listing's "Message the seller") opens or starts the conversation about it; `?c=<id>` opens one.
 */
export function Component() {
  const { user } = useSession();
  const userId = user!.uid;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const phone = useMediaQuery('(max-width: 48em)');
  const listingId = params.get('listing');
  const activeId = params.get('c');
  useLiveConversations(userId);
  const fill = useFillHeight<HTMLDivElement>(420, phone ? 0 : 16);

  const open = useMutation({
    mutationFn: (id: string) => chatApi.open(id),
    onSuccess: ({ conversation }) => {
      client.setQueryData(chatKeys.conversation(conversation.id), conversation);
      chatLive.apply(conversation.counters);
      void navigate(`/chat?c=${encodeURIComponent(conversation.id)}`, { replace: true });
    },
  });
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (!listingId) {
      started.current = null;
      return;
    }
    if (started.current === listingId) return;
    started.current = listingId;
    open.mutate(listingId);
  }, [listingId, open]);

  const active = useConversation(activeId);
  const showList = !phone || !activeId;
  const showPane = !phone || !!activeId;

  let pane = (
    <Center h="100%">
      <Stack align="center" gap="xs" c="dimmed">
        <IconMessages size={40} stroke={1.4} />
        <Text>Select a conversation to read it.</Text>
      </Stack>
    </Center>
  );
  if (listingId && (open.isPending || open.isIdle))
    pane = (
      <Center h="100%">
        <LoadingStatus label="Opening the conversation" />
      </Center>
    );
  else if (listingId && open.isError) {
    pane = (
      <Center h="100%" p="md">
        <Alert color="red" title="The conversation could not be opened" maw={420}>
          <Text size="sm">{open.error.message}</Text>
          <Button component={Link} to="/browse" variant="default" size="xs" mt="sm">
            Browse accounts
          </Button>
        </Alert>
      </Center>
    );
  } else if (activeId && active.isPending)
    pane = (
      <Center h="100%">
        <LoadingStatus label="Loading the conversation" />
      </Center>
    );
  else if (activeId && active.isError) {
    pane = (
      <Center h="100%" p="md">
        <Box maw={420}>
          <LoadError
            title="Conversation not available"
            error={active.error}
            refetch={mayPass(active.error) ? active.refetch : undefined}
          />
        </Box>
      </Center>
    );
  } else if (active.data) {
    pane = (
      <ConversationPane
        key={active.data.id}
        conversation={active.data}
        userId={userId}
        onBack={phone ? () => void navigate('/chat') : undefined}
      />
    );
  }

  return (
    <Box px={{ base: 0, sm: 'md' }} py={{ base: 0, sm: 'md' }} maw={1200} mx="auto">
      <Title order={1} size="h3" px={{ base: 'md', sm: 0 }} py={{ base: 'sm', sm: 0 }} mb={{ base: 0, sm: 'sm' }}>
        Messages
      </Title>
      <Paper
        ref={fill.ref}
        withBorder
        radius={phone ? 0 : 'md'}
        h={fill.height}
        style={{ display: 'flex', overflow: 'hidden' }}
      >
        {showList && (
          <Box
            w={{ base: '100%', sm: 320 }}
            style={{
              flexShrink: 0,
              borderRight: phone ? undefined : '1px solid var(--mantine-color-gray-3)',
              minHeight: 0,
            }}
          >
            <ConversationList userId={userId} activeId={activeId} active={active.data} />
          </Box>
        )}
        {showPane && <Box style={{ flex: 1, minWidth: 0, minHeight: 0 }}>{pane}</Box>}
      </Paper>
    </Box>
  );
}
