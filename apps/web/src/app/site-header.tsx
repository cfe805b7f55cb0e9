import { Link, NavLink } from 'react-router';
import { Anchor, Avatar, Burger, Button, Group, Image, Menu, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconReceipt, IconUser, IconWallet } from '@tabler/icons-react';
import { hasRequiredRole } from '@accountry/shared/roles';
import { useSession } from '../lib/session';
import { useSignOut } from '../features/auth/hooks/use-sign-out';
import { NAV_ITEMS, type NavItem } from './nav';
import { HeaderExtras } from './header-extras';

export function visibleNavItems(role: Parameters<typeof hasRequiredRole>[0], signedIn: boolean): NavItem[] {
  return NAV_ITEMS.filter((i) => !i.roles || (signedIn && hasRequiredRole(role, i.roles)));
}

export function SiteHeader({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu: () => void }) {
  const { user, loading } = useSession();
  const signOut = useSignOut();
  const items = visibleNavItems(user?.role, !!user);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="lg" wrap="nowrap">
        <Burger opened={menuOpen} onClick={onToggleMenu} hiddenFrom="md" size="sm" aria-label="Open navigation" />
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
            <Button key={item.to} component={NavLink} to={item.to} variant="subtle" size="compact-md">
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
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <UnstyledButton aria-label={`Account menu for ${user.displayName}`}>
                <Group gap={6} wrap="nowrap">
                  <Avatar size="sm" color="indigo" name={user.displayName} />
                  <Text size="sm" visibleFrom="sm">
                    {user.displayName}
                  </Text>
                  <IconChevronDown size={14} />
                </Group>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{user.email}</Menu.Label>
              <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} />}>
                Profile
              </Menu.Item>
              <Menu.Item component={Link} to="/orders" leftSection={<IconReceipt size={16} />}>
                Orders
              </Menu.Item>
              <Menu.Item component={Link} to="/wallet" leftSection={<IconWallet size={16} />}>
                Wallet
              </Menu.Item>
              <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => signOut.mutate(false)}>
                Sign out
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
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
