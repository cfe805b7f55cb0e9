import { useState } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { ActivityList } from '../../../components/account-activity/activity-list';
import { adminApi } from '../api/admin-api';

/**
 * A member's security activity for support (decision 178), read on request: the addresses in it are personal data,
 * and each look is in the audit log. Its key is outside the admin area's, so an action elsewhere does not read it again.
 */
export function UserActivity({ userId }: { userId: string }) {
  const [shown, setShown] = useState(false);
  return (
    <Card withBorder component="section" aria-labelledby="user-activity-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="user-activity-title">
            Security activity
          </Title>
          {/* One button that changes its words, so the focus stays on it. */}
          <Button size="xs" variant="light" aria-expanded={shown} onClick={() => setShown((s) => !s)}>
            {shown ? 'Hide security activity' : 'Show security activity'}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Sign-ins and changes to how the account is reached, a year long. Each look is recorded in the audit log.
        </Text>
        {shown && (
          <ActivityList
            queryKey={['admin-user-activity', userId]}
            fetchPage={(cursor) => adminApi.userActivity(userId, cursor)}
            loadingLabel="Loading the security activity"
          />
        )}
      </Stack>
    </Card>
  );
}
