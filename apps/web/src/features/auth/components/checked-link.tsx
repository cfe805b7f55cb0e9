import type { ReactNode } from 'react';
import { Alert, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PageSpinner } from '../../../components/ui/page-spinner';

interface CheckedLinkProps<T> {
  /** What the link is, for the query's key: each token is checked once. */
  kind: string;
  token: string;
  check: (token: string) => Promise<T>;
  /** Shown under the reason a link cannot be used: what to do instead. */
  instead: ReactNode;
  children: (status: T) => ReactNode;
}

/** A mailed link's page: the link is checked before its form shows, and a used or expired one says why. */
export function CheckedLink<T>({ kind, token, check, instead, children }: CheckedLinkProps<T>) {
  const status = useQuery({
    queryKey: [kind, token],
    queryFn: () => check(token),
    retry: false,
    staleTime: Infinity,
  });
  if (status.isPending) return <PageSpinner label="Checking your link…" />;
  if (status.isError) {
    return (
      <Stack>
        <Alert color="red" role="alert" title="This link cannot be used">
          {status.error.message}
        </Alert>
        {instead}
      </Stack>
    );
  }
  return <>{children(status.data)}</>;
}
