import { useState, type ReactNode } from 'react';
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
  /** The reason in the page's own words, when the server's general one does not fit (e.g. "ask for a new one"). */
  explain?: (err: Error) => string;
  /** The form, given the link's status and a way to say the link stopped working while it was filled in. */
  children: (status: T, linkGone: (err: Error) => void) => ReactNode;
}

/** A mailed link's page: the link is checked before its form shows, and a used or expired one says why. */
export function CheckedLink<T>({ kind, token, check, instead, explain, children }: CheckedLinkProps<T>) {
  const [gone, setGone] = useState<Error | null>(null);
  const status = useQuery({
    queryKey: [kind, token],
    queryFn: () => check(token),
    retry: false,
    staleTime: Infinity,
  });
  if (status.isPending) return <PageSpinner label="Checking your link…" />;
  const failed = gone ?? status.error;
  if (failed) {
    return (
      <Stack>
        <Alert color="red" role="alert" title="This link cannot be used">
          {explain?.(failed) ?? failed.message}
        </Alert>
        {instead}
      </Stack>
    );
  }
  return <>{children(status.data as T, setGone)}</>;
}
