import { useRef } from 'react';
import { Button, Group } from '@mantine/core';
import { IconBellPlus, IconCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { SAVED_SEARCH_MESSAGES, canonicalSearch, searchIdentity } from '@accountry/shared/saved-searches';
import { toast } from '../../../lib/toast';
import { SAVED_SEARCHES_KEY, savedSearchesApi } from '../api/saved-searches-api';

/** The canonical form of the search, as the server keeps it, to know whether it is saved already. */
function canonical(query: string) {
  const c = canonicalSearch(Object.fromEntries(new URLSearchParams(query)));
  return 'error' in c ? null : c.query;
}

/** "Save this search": the current /browse filters, mailed when new listings match. */
export function SaveSearchButton({ query }: { query: string }) {
  const queryClient = useQueryClient();
  const saved = useQuery({ queryKey: SAVED_SEARCHES_KEY, queryFn: savedSearchesApi.list });
  // Once saved, the button gives way to a note, and the focus moves on to the saved searches.
  const listLink = useRef<HTMLAnchorElement>(null);
  const save = useMutation({
    mutationFn: savedSearchesApi.save,
    onSuccess: async () => {
      toast.success(SAVED_SEARCH_MESSAGES.saved);
      listLink.current?.focus();
      await queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY });
    },
    onError: (err) => toast.error(err.message),
  });
  const key = canonical(query);
  // Only a search that narrows the results can be saved (the server refuses the rest).
  if (!key) return null;
  // Saved in other words (case, spacing, ignored words) is the same search, as the server counts it.
  const identity = searchIdentity(key);
  const isSaved =
    (save.isSuccess && save.variables === query) ||
    !!saved.data?.items.some((s) => searchIdentity(s.query) === identity);
  return (
    <Group gap="xs">
      {isSaved ? (
        <Button size="xs" variant="subtle" color="teal.9" leftSection={<IconCheck size={14} />} component="span">
          Search saved
        </Button>
      ) : (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconBellPlus size={14} />}
          loading={save.isPending}
          onClick={() => save.mutate(query)}
        >
          Save this search
        </Button>
      )}
      <Button size="xs" variant="subtle" component={Link} to="/saved-searches" ref={listLink}>
        Saved searches
      </Button>
    </Group>
  );
}
