import type { ReactNode, RefObject } from 'react';
import { Button, Center, Stack, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { LoadError } from '../../../components/ui/load-error';
import { LoadingStatus } from '../../../components/ui/loading-status';
import type { AdminListPaging, VirtualRows } from './admin-list-types';

/**
 * Loading, error (with retry) and empty states of an admin list or page; renders children when there is data. `page`
 * names what a whole page shows ("the order"), for a page whose h1 comes with its data: its failure is then the
 * page's h1 ("Could not load the order"). `what` names what a list or a section shows ("the users"), for the alert's
 * title ("Could not load the users").
 */
export function QueryState({
  loading,
  error,
  empty,
  emptyText,
  refetch,
  children,
  label = 'Loading…',
  page,
  what,
}: {
  loading: boolean;
  error: Error | null;
  empty?: boolean;
  emptyText?: string;
  /** The query's own `query.refetch` (LoadError knows the alert that comes back by it). */
  refetch?: () => Promise<unknown>;
  label?: string;
  page?: string;
  what?: string;
  children: ReactNode;
}) {
  if (loading) {
    return (
      <Center py="xl">
        <LoadingStatus label={label} />
      </Center>
    );
  }
  if (error) {
    const title = `Could not load ${page ?? what ?? 'this'}`;
    return <LoadError title={title} error={error} refetch={refetch} pageTitle={!!page} />;
  }
  if (empty) {
    return (
      <Center py="xl">
        <Stack align="center" gap={4}>
          <IconInbox size={32} stroke={1.5} color="var(--mantine-color-dimmed)" />
          <Text c="dimmed">{emptyText ?? 'Nothing here yet.'}</Text>
        </Stack>
      </Center>
    );
  }
  return <>{children}</>;
}

/**
 * The "Load more" button under a keyset-paged list, or the count once all is in. The focus then goes to the first new
 * row (the button may be gone, and a keyboard or screen-reader user reads on from there).
 */
export function LoadMore({ list, rows }: { list: AdminListPaging<unknown>; rows: RefObject<VirtualRows | null> }) {
  const load = async () => {
    const before = list.items.length;
    await list.fetchNextPage();
    rows.current?.focusRow(before);
  };
  return (
    <Center mt="md">
      {list.hasNextPage ? (
        <Button variant="default" onClick={() => void load()} loading={list.isFetchingNextPage}>
          Load more
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          {list.items.length === 1 ? '1 result' : `${list.items.length} results`}
        </Text>
      )}
    </Center>
  );
}
