import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Avatar, Group, Indicator, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconBell,
  IconBuildingStore,
  IconChevronDown,
  IconLogout,
  IconCash,
  IconReceipt,
  IconUser,
  IconWallet,
} from '@tabler/icons-react';
import type { MeResponse } from '@accountry/shared/auth';
import { useSignOut } from '../features/auth/hooks/use-sign-out';
import { sellerPath } from '../components/listings/listing-format';
import { useWaitingCounts, useWaitingLive, waitingTotal } from '../components/orders/waiting';
import { WaitingBadge } from '../components/orders/waiting-badge';

/**
 * The signed-in user's menu in the header (profile, orders, offers, wallet, saved searches, sign out), with the count
 * of what waits for their move on its button and on the items that lead to it (decision 181).
 */
export function UserMenu({ user }: { user: NonNullable<MeResponse['user']> }) {
  const signOut = useSignOut();
  const member = user.role !== 'admin';
  useWaitingLive(member);
  const { data: waiting } = useWaitingCounts(member);
  const total = waitingTotal(waiting);
  const orders = (waiting?.purchases ?? 0) + (waiting?.sales ?? 0);
  const offers = (waiting?.offersReceived ?? 0) + (waiting?.offersMade ?? 0);
  // Each item opens on what waits: its filter, and the side that has some.
  const ordersTo = !orders
    ? '/orders'
    : waiting?.purchases
      ? '/orders?status=waiting'
      : '/orders?side=sales&status=waiting';
  const offersTo = !offers
    ? '/offers'
    : waiting?.offersReceived
      ? '/offers?side=received&status=waiting'
      : '/offers?side=made&status=waiting';
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
        <UnstyledButton
          ref={button}
          aria-label={`Account menu for ${user.displayName}${total ? ` (${total} waiting for you)` : ''}`}
        >
          <Group gap={6} wrap="nowrap">
            <Indicator label={total > 99 ? '99+' : total} size={16} color="red.9" disabled={!total} offset={3}>
              <Avatar size="sm" color="indigo" name={user.displayName} />
            </Indicator>
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
        {(user.role === 'seller' || user.role === 'both') && (
          <Menu.Item component={Link} to={sellerPath(user.uid)} leftSection={<IconBuildingStore size={16} />}>
            Your seller page
          </Menu.Item>
        )}
        <Menu.Item
          component={Link}
          to={ordersTo}
          leftSection={<IconReceipt size={16} />}
          rightSection={<WaitingBadge count={orders} />}
        >
          Orders
        </Menu.Item>
        {member && (
          <Menu.Item
            component={Link}
            to={offersTo}
            leftSection={<IconCash size={16} />}
            rightSection={<WaitingBadge count={offers} />}
          >
            Offers
          </Menu.Item>
        )}
        <Menu.Item component={Link} to="/wallet" leftSection={<IconWallet size={16} />}>
          Wallet
        </Menu.Item>
        {member && (
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
