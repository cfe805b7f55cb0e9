import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Container, EmptyState } from '@mantine/core';
import { IconMoodSad } from '@tabler/icons-react';
import { ApiRequestError, mayPass } from '../../lib/api';
import { LoadError } from './load-error';

/**
 * A page whose own data did not load. Not there (or not the viewer's to see) is an end: an empty state that says so and
 * leads on. Any other failure is the shared LoadError as the page's h1, with Try again where it may pass (a dropped
 * connection, a busy server), so the member need not reload the whole app.
 */
export function PageLoadFailure({
  error,
  refetch,
  failedTitle,
  missing,
  missingStatuses = [404],
}: {
  error: Error;
  /** The query's own `query.refetch`. */
  refetch: () => Promise<unknown>;
  /** The h1 when the load failed for a reason that may pass ("The listing could not be loaded"). */
  failedTitle: string;
  missing: { title: string; description: string; to: string; action: ReactNode };
  /** Statuses that mean "not there for you": 404, and 403 where the page hides whether others' things exist. */
  missingStatuses?: readonly number[];
}) {
  if (error instanceof ApiRequestError && missingStatuses.includes(error.status)) {
    return (
      <Container size="sm" py={64}>
        <EmptyState icon={<IconMoodSad />}>
          <EmptyState.Title order={1}>{missing.title}</EmptyState.Title>
          <EmptyState.Description>{missing.description}</EmptyState.Description>
          <Button component={Link} to={missing.to}>
            {missing.action}
          </Button>
        </EmptyState>
      </Container>
    );
  }
  return (
    <Container size="sm" py={64}>
      <LoadError title={failedTitle} error={error} refetch={mayPass(error) ? refetch : undefined} pageTitle />
    </Container>
  );
}
