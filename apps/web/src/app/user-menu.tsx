import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconBell,
  IconChevronDown,
  IconLogout,
  IconCash,
  IconReceipt,
  IconUser,
  IconWallet,
} from '@tabler/icons-react';
import type { MeResponse } from '@accountry/shared/auth';
import { useSignOut } from '../features/auth/hooks/use-sign-out';

/** The signed-in user's menu in the header (profile, orders, wallet, saved searches, sign out). */
export function UserMenu({ user }: { user: NonNullable<MeResponse['user']> }) {
  const signOut = useSignOut();
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Tab leaves the menu as Escape does (the menu button pattern), back on its button, rather than cycling inside it.
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key !== 'Tab') return;
    e.preventDefault();
    setOpened(false);
    button.current?.focus();
  };
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <UnstyledButton ref={button} aria-label={`Account menu for ${user.displayName}`}>
          <Group gap={6} wrap="nowrap">
            <Avatar size="sm" color="indigo" name={user.displayName} />
            <Text size="sm" visibleFrom="sm">
              {user.displayName}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown onKeyDown={onKeyDown}>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} />}>
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/orders" leftSection={<IconReceipt size={16} />}>
          Orders
        </Menu.Item>
        {user.role !== 'admin' && (
          <Menu.Item component={Link} to="/offers" leftSection={<IconCash size={16} />}>
            Offers
          </Menu.Item>
        )}
        <Menu.Item component={Link} to="/wallet" leftSection={<IconWallet size={16} />}>
          Wallet
        </Menu.Item>
        {user.role !== 'admin' && (
          <Menu.Item component={Link} to="/saved-searches" leftSection={<IconBell size={16} />}>
            Saved searches
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => signOut.mutate(false)}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
