import { Link } from 'react-router';
import { Anchor, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { ROLE_LABELS, USER_STATES, USER_STATE_LABELS, type AdminUserSummary } from '@accountry/shared/admin-users';
import { ROLES } from '@accountry/shared/roles';
import { adminApi, adminKeys, useAdminList } from '../api/admin-api';
import { RoleBadge, UserStateBadge } from '../components/badges';
import { AdminListTable, type AdminColumn } from '../components/admin-list-table';
import { SearchInput } from '../components/search-input';
import { formatAgo } from '../lib/format';
import { compact, useFilterParams } from '../lib/use-filter-params';
import { formatDate } from '../../../lib/format-time';

const FILTERS = ['q', 'role', 'verified', 'state'] as const;

function UserCard({ user }: { user: AdminUserSummary }) {
  return (
    <Card withBorder padding="sm">
      <Anchor component={Link} to={`/admin/users/${user.id}`} fw={600}>
        {user.displayName}
      </Anchor>
      <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
        {user.email}
      </Text>
      <Group gap="xs" mt="xs">
        <RoleBadge role={user.role} />
        <UserStateBadge state={user.state} />
        {!user.emailVerified && (
          <Text size="xs" c="var(--mantine-color-orange-light-color)">
            Unverified
          </Text>
        )}
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        Joined {formatDate(user.createdAt)} · active {formatAgo(user.lastActive)}
      </Text>
    </Card>
  );
}

const COLUMNS: AdminColumn<AdminUserSummary>[] = [
  {
    header: 'Name',
    cell: (u) => (
      <Anchor component={Link} to={`/admin/users/${u.id}`}>
        {u.displayName}
      </Anchor>
    ),
  },
  { header: 'Email', cell: (u) => u.email },
  { header: 'Role', cell: (u) => <RoleBadge role={u.role} /> },
  { header: 'State', cell: (u) => <UserStateBadge state={u.state} /> },
  { header: 'Verified', cell: (u) => (u.emailVerified ? 'Yes' : 'No') },
  { header: 'Joined', cell: (u) => formatDate(u.createdAt) },
  { header: 'Last active', cell: (u) => formatAgo(u.lastActive) },
];

/** /admin/users: search and filter every account; open one to manage it. */
export function Component() {
  const { values, set } = useFilterParams(FILTERS);
  const filters = compact(values);
  const list = useAdminList(adminKeys.users(filters), (cursor) => adminApi.users({ ...filters, cursor }));

  return (
    <Stack>
      <Title order={1}>Users</Title>
      <AdminListTable
        label="Users"
        list={list}
        rowKey={(u) => u.id}
        columns={COLUMNS}
        card={(u) => <UserCard user={u} />}
        emptyText="No users match these filters."
        loadingLabel="Loading users…"
        filterColumns={4}
        filters={
          <>
            <SearchInput label="Search" placeholder="Email or name" value={values.q} onChange={(v) => set('q', v)} />
            <Select
              label="Role"
              placeholder="Any role"
              clearable
              data={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
              value={values.role || null}
              onChange={(v) => set('role', v)}
            />
            <Select
              label="Verification"
              placeholder="Any"
              clearable
              data={[
                { value: 'yes', label: 'Verified' },
                { value: 'no', label: 'Not verified' },
              ]}
              value={values.verified || null}
              onChange={(v) => set('verified', v)}
            />
            <Select
              label="State"
              placeholder="Any state"
              clearable
              data={USER_STATES.map((s) => ({ value: s, label: USER_STATE_LABELS[s] }))}
              value={values.state || null}
              onChange={(v) => set('state', v)}
            />
          </>
        }
      />
    </Stack>
  );
}
