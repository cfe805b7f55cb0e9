import { NavLink as RouterNavLink, Outlet } from 'react-router';
import { Container, Group, NavLink, Title } from '@mantine/core';
import {
  IconBell,
  IconChartLine,
  IconFlag,
  IconHistory,
  IconLayoutDashboard,
  IconListDetails,
  IconReceipt,
  IconUsers,
  IconWallet,
} from '@tabler/icons-react';
import { adminSectionTasks, useAdminWaiting } from '../../../components/admin/admin-waiting';
import { WaitingBadge } from '../../../components/orders/waiting-badge';
import classes from './admin-layout.module.css';

export const ADMIN_SECTIONS = [
  { to: '/admin', label: 'Dashboard', icon: IconLayoutDashboard, end: true },
  { to: '/admin/users', label: 'Users', icon: IconUsers },
  { to: '/admin/listings', label: 'Listings', icon: IconListDetails },
  { to: '/admin/reports', label: 'Reports', icon: IconFlag },
  { to: '/admin/orders', label: 'Orders', icon: IconReceipt },
  { to: '/admin/payouts', label: 'Payouts', icon: IconWallet },
  { to: '/admin/notifications', label: 'Announcements', icon: IconBell },
  { to: '/admin/traffic', label: 'Traffic', icon: IconChartLine },
  { to: '/admin/audit', label: 'Audit log', icon: IconHistory },
];

/**
 * Frame of every /admin page: section navigation above the page. The tabs wrap rather than scroll sideways, so a phone
 * shows every section and its waiting count (three rows there; one on a desktop).
 */
export function AdminLayout() {
  // Each section with work in it carries its count and opens on the list that holds the work (decision 186).
  const tasks = adminSectionTasks(useAdminWaiting(true).data);
  return (
    <Container size="xl" py="md">
      <Title order={2} size="h4" c="dimmed" mb="xs">
        Admin
      </Title>
      <Group gap={4} component="nav" aria-label="Admin sections" mb="md">
        {ADMIN_SECTIONS.map((s) => (
          <NavLink
            key={s.to}
            component={RouterNavLink}
            to={tasks[s.to]?.count ? tasks[s.to]!.to : s.to}
            end={s.end}
            label={s.label}
            leftSection={<s.icon size={16} />}
            // Only with a count: an empty section would still take its margin.
            rightSection={tasks[s.to]?.count ? <WaitingBadge count={tasks[s.to]!.count} words="waiting" /> : undefined}
            classNames={{ root: classes.tab, section: classes.section }}
            style={{ width: 'auto', whiteSpace: 'nowrap', borderRadius: 8 }}
          />
        ))}
      </Group>
      <Outlet />
    </Container>
  );
}
