import { useEffect, useRef } from 'react';
import { NavLink as RouterNavLink, Outlet, useLocation } from 'react-router';
import { Container, Group, NavLink, ScrollArea, Title } from '@mantine/core';
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

/** Frame of every /admin page: section navigation (scrolls sideways on a phone) above the page. */
export function AdminLayout() {
  const nav = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  // Each section with work in it carries its count and opens on the list that holds the work (decision 186).
  const tasks = adminSectionTasks(useAdminWaiting(true).data);
  // On a phone the tabs scroll sideways: bring the current one into view, again once counts arrive and widen tabs.
  const widths = Object.values(tasks)
    .map((t) => t.count)
    .join();
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname, widths]);
  return (
    <Container size="xl" py="md">
      <Title order={2} size="h4" c="dimmed" mb="xs">
        Admin
      </Title>
      {/* The scrollbar sits below the tabs (offset), shown only while scrolling. */}
      <ScrollArea type="scroll" scrollbars="x" offsetScrollbars="x" scrollbarSize={6} mb="md">
        <Group gap={4} wrap="nowrap" component="nav" aria-label="Admin sections" ref={nav}>
          {ADMIN_SECTIONS.map((s) => (
            <NavLink
              key={s.to}
              component={RouterNavLink}
              to={tasks[s.to]?.count ? tasks[s.to]!.to : s.to}
              end={s.end}
              label={s.label}
              leftSection={<s.icon size={16} />}
              rightSection={<WaitingBadge count={tasks[s.to]?.count ?? 0} words="waiting" />}
              style={{ width: 'auto', whiteSpace: 'nowrap', borderRadius: 8 }}
            />
          ))}
        </Group>
      </ScrollArea>
      <Outlet />
    </Container>
  );
}
