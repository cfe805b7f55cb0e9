import { Button, Center, type CenterProps } from '@mantine/core';

interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** "Load more" under a list read a page at a time; nothing once the last page is in. */
export function LoadMoreButton({
  query,
  label = 'Load more',
  ...center
}: { query: Pages; label?: string } & CenterProps) {
  if (!query.hasNextPage) return null;
  return (
    <Center {...center}>
      <Button variant="default" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
        {label}
      </Button>
    </Center>
  );
}
