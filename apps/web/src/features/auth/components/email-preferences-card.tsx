import { Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EMAIL_PREFERENCE_MESSAGES,
  PRICE_DROP_MIN_PERCENT,
  UNREAD_MESSAGE_MAIL_DELAY_MINUTES,
  type EmailPreferences,
} from '@accountry/shared/email-preferences';
import { ApiRequestError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { authApi } from '../api/auth-api';
import { LoadError } from '../../../components/ui/load-error';
import { LoadingStatus } from '../../../components/ui/loading-status';

const KEY = ['email-preferences'];
const ADMIN_WAITING_MAIL_DESCRIPTION =
  'One email for each dispute to decide, payout request, card chargeback and request to look at a hidden listing ' +
  'again that is not your own. Reports are only counted on the Admin link.';

/** The mail a user may turn off; saved as soon as a switch moves, and put back if saving fails. */
export function EmailPreferencesCard() {
  const queryClient = useQueryClient();
  const prefs = useQuery({ queryKey: KEY, queryFn: authApi.emailPreferences });
  const save = useMutation({
    mutationFn: authApi.setEmailPreferences,
    onMutate: (next) => {
      const before = queryClient.getQueryData<EmailPreferences>(KEY);
      queryClient.setQueryData(KEY, next);
      return { before };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      toast.success(EMAIL_PREFERENCE_MESSAGES.saved);
    },
    onError: (err, _next, context) => {
      queryClient.setQueryData(KEY, context?.before);
      toast.error(
        err instanceof ApiRequestError && err.status < 500 && err.status > 0
          ? err.message
          : EMAIL_PREFERENCE_MESSAGES.saveFailed,
      );
    },
  });

  if (prefs.isPending) return <LoadingStatus size="sm" label="Loading your email preferences" />;
  if (prefs.isError)
    return <LoadError title="Your email preferences could not be loaded" error={prefs.error} refetch={prefs.refetch} />;
  return (
    <Stack gap="sm">
      <Switch
        label="Email me about unread messages"
        description={`When a message waits unread for ${UNREAD_MESSAGE_MAIL_DELAY_MINUTES} minutes, we send one email until you read it. The email never contains the message itself.`}
        checked={prefs.data.unreadMessages}
        // Not disabled while saving (that would drop the keyboard focus): a change made meanwhile waits its turn.
        onChange={(e) => {
          if (!save.isPending) save.mutate({ ...prefs.data, unreadMessages: e.currentTarget.checked });
        }}
      />
      <Switch
        label="Email me when a favorite gets cheaper"
        description={`When a listing in your favorites drops at least ${PRICE_DROP_MIN_PERCENT}% below the price we last told you of.`}
        checked={prefs.data.priceDrops ?? true}
        onChange={(e) => {
          if (!save.isPending) save.mutate({ ...prefs.data, priceDrops: e.currentTarget.checked });
        }}
      />
      {/* The server gives this choice to admins only (decision 189). */}
      {prefs.data.adminWaiting !== undefined && (
        <Switch
          label="Email me when work waits for admins"
          description={ADMIN_WAITING_MAIL_DESCRIPTION}
          checked={prefs.data.adminWaiting}
          onChange={(e) => {
            if (!save.isPending) save.mutate({ ...prefs.data, adminWaiting: e.currentTarget.checked });
          }}
        />
      )}
      <Text size="sm" c="dimmed">
        Email about your orders, payments and your account is always sent: it is how you learn what happened while you
        were away.
      </Text>
    </Stack>
  );
}
