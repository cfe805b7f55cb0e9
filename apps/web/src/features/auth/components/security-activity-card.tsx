import { Stack, Text } from '@mantine/core';
import { ActivityList } from '../../../components/account-activity/activity-list';
import { ACCOUNT_ACTIVITY_KEY } from '../../../components/confirm-identity/account-security-refresh';
import { authApi } from '../api/auth-api';

/**
 * What happened to the ways into the account (decision 178): sign-ins, passwords, addresses, passkeys, two-factor
 * sign-in and payout details, newest first, so a member can tell whether all of it was them.
 */
export function SecurityActivityCard() {
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        The last year of sign-ins and changes to how your account is reached. If something here was not you, change your
        password and sign out everywhere.
      </Text>
      <ActivityList
        queryKey={ACCOUNT_ACTIVITY_KEY}
        fetchPage={authApi.activity}
        loadingLabel="Loading your security activity"
      />
    </Stack>
  );
}
