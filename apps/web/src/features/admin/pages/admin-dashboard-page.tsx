import { useMemo } from 'react';
import { Link } from 'react-router';
import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  IconChartLine,
  IconEye,
  IconEyeCheck,
  IconFlag,
  IconListCheck,
  IconMessageReport,
  IconMessageStar,
  IconShoppingCartCheck,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { localCalendarStarts, type Dashboard } from '@accountry/shared/admin-dashboard';
import { ROLE_LABELS } from '@accountry/shared/admin-users';
import { ADMIN_WAITING_LINKS, WAITING_REPORT_KINDS } from '@accountry/shared/admin-waiting';
import { ROLES } from '@accountry/shared/roles';
import { TRAFFIC_STATS_PATH, type TrafficStats } from '@accountry/shared/traffic';
import { useActiveUsers } from '../../../components/admin/active-users';
import { useAdminWaiting } from '../../../components/admin/admin-waiting';
import { api } from '../../../lib/api';
import { adminApi, adminKeys } from '../api/admin-api';
import { OrderFigures } from '../components/order-figures';
import { QueryState } from '../components/query-state';
import { StatCard } from '../components/stat-card';

const fmt = (n: number) => n.toLocaleString();
/** "1 listing", "2 listings". */
const count = (n: number, one: string, many = `${one}s`) => `${fmt(n)} ${n === 1 ? one : many}`;

type OpenReports = Dashboard['openReports'];

/**
 * Reports of listings, conversations and users, the tasks the Reports tab counts (decision 186); rate-us feedback is
 * not one, and has its own figure. The link opens the first kind with open reports, as the tab does.
 */
function reportFigures(o: OpenReports) {
  const first = WAITING_REPORT_KINDS.find((k) => o[k].open > 0) ?? 'listing';
  return {
    open: WAITING_REPORT_KINDS.reduce((n, k) => n + o[k].open, 0),
    inProgress: WAITING_REPORT_KINDS.reduce((n, k) => n + o[k].in_progress, 0),
    to: ADMIN_WAITING_LINKS.reports(first),
  };
}

/** Figures from the traffic endpoints: shown as "—" with a hint when traffic is unavailable. */
function useTrafficFigures() {
  const active = useActiveUsers({ refetchInterval: 60_000, retry: false });
  const today = useQuery({
    queryKey: ['admin', 'traffic', 'day'],
    queryFn: () => api<TrafficStats>(`${TRAFFIC_STATS_PATH}?period=day`),
    retry: false,
  });
  return { active, today };
}

/** /admin: the marketplace at a glance, each figure linking into its section. */
export function Component() {
  const starts = useMemo(() => localCalendarStarts(Date.now()), []);
  const dashboard = useQuery({ queryKey: adminKeys.dashboard(starts), queryFn: () => adminApi.dashboard(starts) });
  const { active, today } = useTrafficFigures();
  // Counted with the other work that waits (decision 186), in the query the admin tabs read.
  const waiting = useAdminWaiting(true);
  const d = dashboard.data;
  const reports = d ? reportFigures(d.openReports) : { open: 0, inProgress: 0, to: '/admin/reports' };
  const unavailable = 'Traffic statistics are unavailable right now';

  return (
    <Stack>
      <Title order={1}>Dashboard</Title>
      <QueryState
        loading={dashboard.isPending}
        error={dashboard.error}
        refetch={dashboard.refetch}
        what="the dashboard"
        label="Loading the dashboard…"
      >
        {d && (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
              <StatCard
                label="Users"
                value={fmt(d.totalUsers)}
                hint={`${fmt(d.disabledUsers)} disabled · ${fmt(d.deletedUsers)} deleted`}
                to="/admin/users"
                icon={<IconUsers size={20} />}
              />
              <StatCard
                label="New sign-ups this week"
                value={fmt(d.newSignupsThisWeek)}
                // The list has no date filter: the hint says what the link opens.
                hint="Since Monday · opens all users, newest first"
                to="/admin/users"
                icon={<IconUserPlus size={20} />}
              />
              <StatCard
                label="Active listings"
                value={fmt(d.activeListings)}
                hint={`${fmt(d.hiddenListings)} hidden`}
                to="/admin/listings?status=active&deleted=no"
                icon={<IconListCheck size={20} />}
              />
              <StatCard
                label="Listings sold this month"
                value={fmt(d.listingsSoldThisMonth)}
                hint="Since the 1st · opens every sold listing"
                to="/admin/listings?status=sold"
                icon={<IconShoppingCartCheck size={20} />}
              />
              <StatCard
                label="Listings to review again"
                value={waiting.data ? fmt(waiting.data.listingReviews) : '—'}
                hint="Hidden listings whose seller asked for another look"
                loading={waiting.isPending}
                to={ADMIN_WAITING_LINKS.listingReviews}
                icon={<IconEyeCheck size={20} />}
              />
              <StatCard
                label="Active users now"
                value={active.data ? fmt(active.data.count) : '—'}
                hint={active.isError ? unavailable : 'Sessions active in the last 5 minutes'}
                loading={active.isPending}
                to="/admin/traffic"
                icon={<IconChartLine size={20} />}
              />
              <StatCard
                label="Today's page views"
                value={today.data ? fmt(today.data.totalPageViews) : '—'}
                hint={today.isError ? unavailable : undefined}
                loading={today.isPending}
                to="/admin/traffic"
                icon={<IconEye size={20} />}
              />
              <StatCard
                label="Open reports"
                value={fmt(reports.open)}
                hint={[
                  count(d.openReports.listing.open, 'listing'),
                  count(d.openReports.conversation.open, 'conversation'),
                  count(d.openReports.user.open, 'user'),
                ].join(' · ')}
                to={reports.to}
                icon={<IconFlag size={20} />}
              />
              <StatCard
                label="Reports in progress"
                value={fmt(reports.inProgress)}
                to={reports.to}
                icon={<IconMessageReport size={20} />}
              />
              <StatCard
                label="Rate-us feedback"
                value={fmt(d.openReports.feedback.open)}
                hint={`${fmt(d.openReports.feedback.in_progress)} in progress · not counted in open reports`}
                to="/admin/reports?tab=feedback"
                icon={<IconMessageStar size={20} />}
              />
            </SimpleGrid>
            <OrderFigures />
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                Users by role
              </Title>
              <SimpleGrid cols={{ base: 2, sm: 4 }}>
                {ROLES.map((role) => (
                  <Anchor key={role} component={Link} to={`/admin/users?role=${role}`} underline="hover">
                    <Text size="sm" c="dimmed">
                      {ROLE_LABELS[role]}
                    </Text>
                    <Text fw={700} fz="xl" c="var(--mantine-color-text)">
                      {fmt(d.usersByRole[role])}
                    </Text>
                  </Anchor>
                ))}
              </SimpleGrid>
            </Card>
            <Group gap="lg">
              <Anchor component={Link} to="/admin/notifications">
                Announcements
              </Anchor>
              <Anchor component={Link} to="/admin/traffic">
                Traffic statistics
              </Anchor>
              <Anchor component={Link} to="/admin/payouts">
                Payouts
              </Anchor>
              <Anchor component={Link} to="/admin/audit">
                Audit log
              </Anchor>
            </Group>
          </>
        )}
      </QueryState>
    </Stack>
  );
}
