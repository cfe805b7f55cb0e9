import { useParams } from 'react-router';
import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../lib/session';
import { adminApi, adminKeys } from '../api/admin-api';
import { RoleBadge, UserStateBadge } from '../components/badges';
import { BackLink } from '../components/back-link';
import { QueryState } from '../components/query-state';
import { UserActions } from '../components/user-actions';
import { AuditTrail } from '../components/audit-trail';
import { UserListingsCard, UserReportsCard } from '../components/user-detail-cards';
import { UserActivity } from '../components/user-activity';
import { BalanceCredit } from '../components/balance-credit';
import { formatAgo } from '../lib/format';
import { usePageTitle } from '../../../lib/page-title';
import { formatDateTime } from '../../../lib/format-time';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </div>
  );
}

/** /admin/users/:userId: profile, listings, reports about the user, history, and the account actions. */
export function Component() {
  const { userId = '' } = useParams();
  const { user: me } = useSession();
  const query = useQuery({ queryKey: adminKeys.user(userId), queryFn: () => adminApi.user(userId) });
  const u = query.data;
  usePageTitle(u && `${u.displayName} · Admin`);

  return (
    <Stack>
      <BackLink to="/admin/users">All users</BackLink>
      <QueryState
        loading={query.isPending}
        error={query.error}
        refetch={query.refetch}
        label="Loading the user…"
        page="the user"
      >
        {u && (
          <>
            {/* A display name may be one word of 40 characters: it wraps within a phone's screen, the badges after it. */}
            <Group gap="sm" align="center" wrap="wrap">
              <Title order={1} miw={0} style={{ overflowWrap: 'anywhere' }}>
                {u.displayName}
              </Title>
              <RoleBadge role={u.role} />
              <UserStateBadge state={u.state} />
            </Group>
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                Profile
              </Title>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
                <Field label="Email">{u.email}</Field>
                <Field label="Phone">{u.phoneNumber || '—'}</Field>
                <Field label="Email verified">{u.emailVerified ? 'Yes' : 'No'}</Field>
                <Field label="Joined">{formatDateTime(u.createdAt)}</Field>
                <Field label="Last active">
                  {formatDateTime(u.lastActive)} ({formatAgo(u.lastActive)})
                </Field>
                <Field label="Signed-in sessions">{u.activeSessions}</Field>
                <Field label="Two-factor sign-in">{u.twoFactor ? 'On' : 'Off'}</Field>
                <Field label="Passkeys">{u.passkeys}</Field>
                {u.deletion && (
                  <Field label={u.deletion.status === 'unresolved' ? 'Deleted' : 'Restored'}>
                    {formatDateTime(u.deletion.status === 'unresolved' ? u.deletion.createdAt : u.deletion.updatedAt)}
                    {u.deletion.reason ? ` — ${u.deletion.reason}` : ''}
                  </Field>
                )}
                {u.deletion?.eraseAt != null && (
                  <Field label="Personal data erased">
                    {formatDateTime(u.deletion.eraseAt)} unless restored before
                  </Field>
                )}
                {u.deletion?.erasedAt != null && (
                  <Field label="Personal data erased">
                    {formatDateTime(u.deletion.erasedAt)} (the account cannot be restored)
                  </Field>
                )}
              </SimpleGrid>
            </Card>
            <UserActions key={u.id} user={u} isSelf={me?.uid === u.id} />
            <BalanceCredit key={u.id} userId={u.id} name={u.displayName} deleted={u.state === 'deleted'} />
            <UserListingsCard user={u} />
            <UserReportsCard reports={u.reports} />
            <UserActivity userId={u.id} />
            <AuditTrail targetType="user" targetId={u.id} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
