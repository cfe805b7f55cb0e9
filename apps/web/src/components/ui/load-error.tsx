import { useEffect, useRef } from 'react';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { focusLost, pageHeading } from '../../lib/use-focus-return';

/** The title of the alert whose "Try again" was pressed, until its query settles: the alert itself goes while loading. */
let retrying: string | null = null;

/** Waits until React has drawn what the settled query changed (the data, or a new alert). */
const afterRender = () => new Promise<void>((done) => setTimeout(() => requestAnimationFrame(() => done()), 0));

/**
 * A query that failed: what could not be loaded, why, and a way to ask again. With `pageTitle` the failure is the
 * whole page's (a page whose heading comes with its data): the title is then the page's h1, above the alert.
 * "Try again" keeps the focus on the page: on the new alert's "Try again" if it failed again, else on the page's h1
 * once `onRetry`'s promise (the refetch) has settled.
 */
export function LoadError({
  title,
  error,
  onRetry,
  pageTitle = false,
}: {
  title: string;
  error: Error;
  onRetry?: () => unknown;
  pageTitle?: boolean;
}) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (retrying !== title) return;
    retrying = null;
    if (focusLost()) button.current?.focus();
  }, [title]);
  const retry = async () => {
    retrying = title;
    await onRetry?.();
    await afterRender();
    if (retrying !== title) return;
    retrying = null;
    if (focusLost()) pageHeading()?.focus();
  };
  const alert = (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={pageTitle ? undefined : title} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error.message}</Text>
        {onRetry && (
          // Filled (red.9, white text at 5.5:1) so it stands out from the alert's tinted background as a button.
          <Button ref={button} size="xs" variant="filled" color="red.9" onClick={() => void retry()}>
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
