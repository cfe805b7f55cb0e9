import { useRef } from 'react';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconBellPlus, IconCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { SAVED_SEARCH_MESSAGES } from '@accountry/shared/saved-searches';
import { toast } from '../../../lib/toast';
import { SAVED_SEARCHES_KEY, savedSearchesApi } from '../api/saved-searches-api';

/** "Save this search": the current /browse filters, mailed when new listings match. */
export function SaveSearchButton({ query }: { query: string }) {
  const queryClient = useQueryClient();
  // The button is disabled once the search is saved, which drops the focus: it moves on to the saved searches.
  const listLink = useRef<HTMLAnchorElement>(null);
  const save = useMutation({
    mutationFn: savedSearchesApi.save,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY });
      toast.success(SAVED_SEARCH_MESSAGES.saved);
      listLink.current?.focus();
    },
    onError: (err) => toast.error(err.message),
  });
  // A different search is a new thing to save.
  const savedThis = save.isSuccess && save.variables === query;
  return (
    <Group gap="xs">
      <Button
        size="xs"
        variant="light"
        leftSection={savedThis ? <IconCheck size={14} /> : <IconBellPlus size={14} />}
        loading={save.isPending}
        disabled={savedThis}
        onClick={() => save.mutate(query)}
      >
        {savedThis ? 'Search saved' : 'Save this search'}
      </Button>
      <Text size="xs" c="dimmed">
        <Anchor component={Link} to="/saved-searches" size="xs" ref={listLink}>
          Saved searches
        </Anchor>
      </Text>
    </Group>
  );
}
