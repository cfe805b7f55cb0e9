import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UNSUBSCRIBE_MESSAGES } from '@accountry/shared/email-preferences';
import { useSession } from '../../../lib/session';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { authApi } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';

/**
 * /unsubscribe?token=: opened from the Unsubscribe link of an optional mail (decision 216). Opening it changes
 * nothing (mail scanners open links); the button stops the mail, no sign-in needed.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { user } = useSession();
  const queryClient = useQueryClient();
  const about = useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: () => authApi.unsubscribeStatus(token!),
    enabled: Boolean(token),
    retry: false,
  });
  const stop = useMutation({
    mutationFn: () => authApi.unsubscribe(token!),
    // A signed-in member's profile and saved searches show the change.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['email-preferences'] });
      void queryClient.invalidateQueries({ queryKey: ['saved-searches'] });
    },
  });
  const done = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (stop.isSuccess) done.current?.focus();
  }, [stop.isSuccess]);
  const manage = about.data?.topic === 'savedSearch' ? '/saved-searches' : '/profile';

  return (
    <AuthCard title="Unsubscribe">
      {!token || about.isError ? (
        <Alert color="red" role="alert" title="We could not read this link">
          {about.error?.message ?? 'This link is incomplete. Open the Unsubscribe link from the email again.'}
        </Alert>
      ) : about.isPending ? (
        <LoadingStatus label="Reading your unsubscribe link" />
      ) : stop.isSuccess ? (
        <Stack>
          <Alert
            color="teal"
            icon={<IconCircleCheck size={18} />}
            title="Unsubscribed"
            role="status"
            ref={done}
            tabIndex={-1}
          >
            {UNSUBSCRIBE_MESSAGES.done(stop.data.mail)}
          </Alert>
          <Text size="sm">
            Emails about your orders, payments and account still come: they are needed to keep your deals safe.
          </Text>
          {user && (
            <Button component={Link} to={manage} variant="light">
              {manage === '/profile' ? 'Choose the emails you get' : 'Open your saved searches'}
            </Button>
          )}
        </Stack>
      ) : (
        <Stack>
          <Text>
            Stop getting <strong>{about.data.mail}</strong>?
          </Text>
          {stop.isError && (
            <Alert color="red" role="alert">
              {stop.error.message || UNSUBSCRIBE_MESSAGES.failed}
            </Alert>
          )}
          <Group>
            <Button color="red" loading={stop.isPending} onClick={() => stop.mutate()}>
              Unsubscribe
            </Button>
            {user && (
              <Button component={Link} to={manage} variant="default">
                Keep them
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </AuthCard>
  );
}
