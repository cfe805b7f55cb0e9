import { useEffect, useRef } from 'react';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { focusLost, pageHeading } from '../../lib/focus-targets';

/**
 * The queries whose "Try again" was pressed, until they settle: the alert itself goes while loading, and the alert that
 * comes back if it failed again is a new one. Each is known by its query's `refetch`, one function for the query's life.
 */
const retrying = new WeakSet<() => unknown>();

/** Waits until React has drawn what the settled query changed (the data, or a new alert). */
const afterRender = () => new Promise<void>((done) => setTimeout(() => requestAnimationFrame(() => done()), 0));

/**
 * A query that failed: what could not be loaded, why, and a way to ask again. With `pageTitle` the failure is the
 * whole page's (a page whose heading comes with its data): the title is then the page's h1, above the alert.
 * "Try again" (`refetch`: the query's own, `query.refetch`, not a new function each render) keeps the focus on the page:
 * on the new alert's "Try again" if it failed again, else on the page's h1 once the refetch has settled.
 */
export function LoadError({
  title,
  error,
  refetch,
  pageTitle = false,
}: {
  title: string;
  error: Error;
  refetch?: () => Promise<unknown>;
  pageTitle?: boolean;
}) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (refetch && retrying.delete(refetch) && focusLost()) button.current?.focus();
  }, [refetch]);
  const retry = async (again: () => Promise<unknown>) => {
    retrying.add(again);
    await again();
    await afterRender();
    if (retrying.delete(again) && focusLost()) pageHeading()?.focus();
  };
  const alert = (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={pageTitle ? undefined : title} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error.message}</Text>
        {refetch && (
          // Filled (red.9, white text at 5.5:1) so it stands out from the alert's tinted background as a button.
          <Button ref={button} size="xs" variant="filled" color="red.9" onClick={() => void retry(refetch)}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
  if (!pageTitle) return alert;
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      {alert}
    </Stack>
  );
}
