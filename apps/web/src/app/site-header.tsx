import { Link, NavLink } from 'react-router';
import { Anchor, Box, Burger, Button, Group, Image, Skeleton, Text } from '@mantine/core';
import { hasRequiredRole } from '@accountry/shared/roles';
import { useSession } from '../lib/session';
import { NAV_ITEMS, type NavItem } from './nav';
import { HeaderExtras } from './header-extras';
import { UserMenu } from './signed-in-widgets';
import { useAdminTotal, useAdminWaitingLive } from '../components/admin/admin-waiting';
import { WaitingBadge, WaitingCount } from '../components/orders/waiting-badge';

export function visibleNavItems(role: Parameters<typeof hasRequiredRole>[0], signedIn: boolean): NavItem[] {
  return NAV_ITEMS.filter((i) => !i.roles || (signedIn && hasRequiredRole(role, i.roles)));
}

export function SiteHeader({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu: () => void }) {
  const { user, loading } = useSession();
  const items = visibleNavItems(user?.role, !!user);
  // The Admin link carries the count of what waits for an admin (decision 186).
  const adminTotal = useAdminTotal(user?.role === 'admin');
  useAdminWaitingLive(user?.role === 'admin');
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="lg" wrap="nowrap">
        {/* The menu hides the Admin link's count on a phone: the burger shows it and says it. */}
        <Box pos="relative" hiddenFrom="md">
          <Burger
            opened={menuOpen}
            onClick={onToggleMenu}
            size="sm"
            aria-label={adminTotal ? `Open navigation, ${adminTotal} waiting for admins` : 'Open navigation'}
            aria-expanded={menuOpen}
          />
          {adminTotal > 0 && (
            <WaitingCount
              count={adminTotal}
              size="xs"
              pos="absolute"
              top={-4}
              right={-8}
              style={{ pointerEvents: 'none' }}
            />
          )}
        </Box>
        <Anchor component={Link} to="/" underline="never" aria-label="Accountry home">
          <Group gap={8} wrap="nowrap">
            <Image src="/logo.png" alt="" w={32} h={32} />
            <Text fw={800} size="lg" c="dark">
              Accountry
            </Text>
          </Group>
        </Anchor>
        <Group gap="xs" visibleFrom="md" component="nav" aria-label="Main">
          {items.map((item) => (
            <Button
              key={item.to}
              component={NavLink}
              to={item.to}
              variant="subtle"
              size="compact-md"
              rightSection={item.to === '/admin' ? <WaitingBadge count={adminTotal} words="waiting" /> : undefined}
            >
              {item.label}
            </Button>
          ))}
        </Group>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <HeaderExtras />
        {loading ? (
          // Neither "Sign in" nor a name until the session is known.
          <Skeleton height={30} width={96} radius="xl" role="status" aria-label="Checking your session" />
        ) : user ? (
          <UserMenu user={user} />
        ) : (
          <>
            <Button component={Link} to="/signin" variant="default" size="sm">
              Sign in
            </Button>
            <Button component={Link} to="/signup" size="sm" visibleFrom="xs">
              Sign up
            </Button>
          </>
        )}
      </Group>
    </Group>
  );
}
