import type { ReactNode } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInbox } from '@tabler/icons-react';

/** Loading, error (with retry) and empty states of an admin list or page; renders children when there is data. */
export function QueryState({
  loading,
  error,
  empty,
  emptyText,
  onRetry,
  children,
  label = 'Loading…',
}: {
  loading: boolean;
  error: Error | null;
  empty?: boolean;
  emptyText?: string;
  onRetry?: () => void;
  label?: string;
  children: ReactNode;
}) {
  if (loading) {
    return (
      <Center py="xl" role="status" aria-live="polite">
        <Loader aria-label={label} />
      </Center>
    );
  }
  if (error) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Could not load this" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{error.message}</Text>
          {onRetry && (
            <Button size="xs" variant="light" color="red" onClick={onRetry}>
              Try again
            </Button>
          )}
        </Stack>
      </Alert>
    );
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

/** The "Load more" button under a keyset-paged list. */
export function LoadMore({
  hasMore,
  loading,
  onLoad,
  count,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
  count: number;
}) {
  return (
    <Center mt="md">
      {hasMore ? (
        <Button variant="default" onClick={onLoad} loading={loading}>
          Load more
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          {count === 1 ? '1 result' : `${count} results`}
        </Text>
      )}
    </Center>
  );
}
