import { Link } from 'react-router';
import { Anchor, Card, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ROLE_LABELS, USER_STATES, USER_STATE_LABELS, type AdminUserSummary } from '@accountry/shared/admin-users';
import { ROLES } from '@accountry/shared/roles';
import { adminApi, adminKeys, useAdminList } from '../api/admin-api';
import { RoleBadge, UserStateBadge } from '../components/badges';
import { LoadMore, QueryState } from '../components/query-state';
import { SearchInput } from '../components/search-input';
import { formatAgo, formatDate } from '../lib/format';
import { compact, useFilterParams } from '../lib/use-filter-params';

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

/** /admin/users: search and filter every account; open one to manage it. */
export function Component() {
  const { values, set } = useFilterParams(FILTERS);
  const filters = compact(values);
  const phone = useMediaQuery('(max-width: 48em)');
  const list = useAdminList(adminKeys.users(filters), (cursor) => adminApi.users({ ...filters, cursor }));

  return (
    <Stack>
      <Title order={1}>Users</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} role="search" aria-label="Filter users">
        <SearchInput label="Search" placeholder="E-mail or name" value={values.q} onChange={(v) => set('q', v)} />
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
      </SimpleGrid>
      <QueryState
        loading={list.isPending}
        error={list.error}
        onRetry={() => list.refetch()}
        empty={list.items.length === 0}
        emptyText="No users match these filters."
        label="Loading users…"
      >
        {phone ? (
          <Stack gap="xs">
            {list.items.map((u) => (
              <UserCard key={u.id} user={u} />
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover aria-label="Users">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th>Verified</Table.Th>
                  <Table.Th>Joined</Table.Th>
                  <Table.Th>Last active</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.items.map((u) => (
                  <Table.Tr key={u.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/admin/users/${u.id}`}>
                        {u.displayName}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{u.email}</Table.Td>
                    <Table.Td>
                      <RoleBadge role={u.role} />
                    </Table.Td>
                    <Table.Td>
                      <UserStateBadge state={u.state} />
                    </Table.Td>
                    <Table.Td>{u.emailVerified ? 'Yes' : 'No'}</Table.Td>
                    <Table.Td>{formatDate(u.createdAt)}</Table.Td>
                    <Table.Td>{formatAgo(u.lastActive)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <LoadMore
          hasMore={!!list.hasNextPage}
          loading={list.isFetchingNextPage}
          onLoad={() => list.fetchNextPage()}
          count={list.items.length}
        />
      </QueryState>
    </Stack>
  );
}
