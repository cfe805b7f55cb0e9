import { NavLink as RouterNavLink, Outlet } from 'react-router';
import { Container, Group, NavLink, ScrollArea, Title } from '@mantine/core';
import {
  IconBell, IconChartLine, IconFlag, IconHistory, IconLayoutDashboard, IconListDetails, IconUsers,
} from '@tabler/icons-react';

export const ADMIN_SECTIONS = [
  { to: '/admin', label: 'Dashboard', icon: IconLayoutDashboard, end: true },
  { to: '/admin/users', label: 'Users', icon: IconUsers },
  { to: '/admin/listings', label: 'Listings', icon: IconListDetails },
  { to: '/admin/reports', label: 'Reports', icon: IconFlag },
  { to: '/admin/notifications', label: 'Announcements', icon: IconBell },
  { to: '/admin/traffic', label: 'Traffic', icon: IconChartLine },
  { to: '/admin/audit', label: 'Audit log', icon: IconHistory },
];

/** Frame of every /admin page: section navigation (scrolls sideways on a phone) above the page. */
export function AdminLayout() {
  return (
    <Container size="xl" py="md">
      <Title order={2} size="h4" c="dimmed" mb="xs">Admin</Title>
      <ScrollArea type="auto" mb="md">
        <Group gap={4} wrap="nowrap" component="nav" aria-label="Admin sections">
          {ADMIN_SECTIONS.map((s) => (
            <NavLink
              key={s.to}
              component={RouterNavLink}
              to={s.to}
              end={s.end}
              label={s.label}
              leftSection={<s.icon size={16} />}
              style={{ width: 'auto', whiteSpace: 'nowrap', borderRadius: 8 }}
            />
          ))}
        </Group>
      </ScrollArea>
      <Outlet />
    </Container>
  );
}
