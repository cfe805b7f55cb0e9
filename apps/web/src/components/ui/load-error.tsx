import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/**
 * A query that failed: what could not be loaded, why, and a way to ask again. With `pageTitle` the failure is the
 * whole page's (a page whose heading comes with its data): the title is then the page's h1, above the alert.
 */
export function LoadError({
  title,
  error,
  onRetry,
  pageTitle = false,
}: {
  title: string;
  error: Error;
  onRetry?: () => void;
  pageTitle?: boolean;
}) {
  const alert = (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={pageTitle ? undefined : title} role="alert">
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
  if (!pageTitle) return alert;
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      {alert}
    </Stack>
  );
}
