import { Alert, Anchor, Box, Button, Center, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useState } from 'react';
import { CHAT_SEARCH_MAX_LENGTH, type ConversationSummary } from '@accountry/shared/chat';
import { useConversationList } from '../hooks/use-conversations';
import { useNow } from '../../../lib/use-now';
import { ConversationListItem } from './conversation-list-item';
import { LoadingStatus } from '../../../components/ui/loading-status';

interface Props {
  userId: string;
  activeId: string | null;
  /** The open conversation, shown even before it has messages (a new one from a listing). */
  active?: ConversationSummary;
}

/** Conversations, latest activity first, searchable by person, listing or message text. */
export function ConversationList({ userId, activeId, active }: Props) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const list = useConversationList(q);
  const now = useNow(60_000);
  const loaded = list.data?.pages.flatMap((p) => p.conversations) ?? [];
  const conversations = active && !q && !loaded.some((c) => c.id === active.id) ? [active, ...loaded] : loaded;

  return (
    <Box h="100%" style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Box p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <TextInput
          aria-label="Search conversations"
          placeholder="Search people, listings, messages"
          leftSection={<IconSearch size={16} />}
          value={search}
          maxLength={CHAT_SEARCH_MAX_LENGTH}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
      </Box>
      <ScrollArea style={{ flex: 1 }} type="auto">
        <Stack gap={2} p="xs" component="nav" aria-label="Conversations">
          {list.isPending && (
            <Center py="xl">
              <LoadingStatus size="sm" label="Loading conversations" />
            </Center>
          )}
          {list.isError && (
            <Alert color="red" title="Conversations could not be loaded">
              {list.error.message}{' '}
              <Anchor component="button" onClick={() => void list.refetch()}>
                Try again
              </Anchor>
            </Alert>
          )}
          {list.isSuccess &&
            conversations.length === 0 &&
            (q ? (
              <Text c="dimmed" size="sm" ta="center" py="lg">
                {/* A search looks through the latest conversations first; the button goes on with older ones. */}
                {list.hasNextPage
                  ? `No match for “${q}” in your latest conversations.`
                  : `No conversations match “${q}”.`}
              </Text>
            ) : (
              <Stack align="center" gap="xs" py="xl" px="md">
                <Text fw={600}>No conversations yet</Text>
                <Text c="dimmed" size="sm" ta="center">
                  Find an account you like and press “Message the seller” to ask about it.
                </Text>
                <Button component={Link} to="/browse" variant="light" size="xs">
                  Browse accounts
                </Button>
              </Stack>
            ))}
          {conversations.map((c) => (
            <ConversationListItem key={c.id} c={c} userId={userId} active={c.id === activeId} now={now} />
          ))}
          {list.hasNextPage && (
            <Center py="xs">
              <Button
                variant="subtle"
                size="xs"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {q ? 'Search older conversations' : 'Show more conversations'}
              </Button>
            </Center>
          )}
        </Stack>
      </ScrollArea>
    </Box>
  );
}
