import { useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconBan, IconCircleCheck, IconRestore, IconShieldOff, IconTrash } from '@tabler/icons-react';
import { ROLE_LABELS, type AdminUserDetail } from '@accountry/shared/admin-users';
import { ROLES, type Role } from '@accountry/shared/roles';
import { adminApi, shownInDialog, useAdminAction } from '../api/admin-api';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { closingOrdersText } from '../lib/closing-orders';
import { closingWalletText } from '../lib/closing-wallet';
import { adminOrderKeys, adminOrdersApi } from '../api/admin-orders-api';

/** Role, disable/enable, delete/restore and turning off two-factor sign-in for one user, each behind a confirmation. */
export function UserActions({ user, isSelf }: { user: AdminUserDetail; isSelf: boolean }) {
  // The role picked but not yet saved; none once saved, so the field shows the account's role.
  const [picked, setPicked] = useState<Role | null>(null);
  const role = picked ?? user.role;
  const confirm = useConfirm();
  const heading = useRef<HTMLHeadingElement>(null);
  const roleField = useRef<HTMLInputElement>(null);
  const changeRole = useAdminAction(
    (r: Role) => adminApi.setRole(user.id, r),
    (u) => `${u.displayName} is now ${ROLE_LABELS[u.role].toLowerCase()}.`,
    shownInDialog,
  );
  const act = useAdminAction(
    ({ action, reason }: { action: 'disable' | 'enable' | 'delete' | 'restore'; reason: string }) =>
      adminApi.userAction(user.id, action, reason),
    (u) => `${u.displayName}'s account is ${u.state}.`,
    shownInDialog,
  );
  const twoFactorOff = useAdminAction(
    (reason: string) => adminApi.turnOffTwoFactor(user.id, reason),
    (u) => `Two-factor sign-in is off for ${u.displayName}.`,
    shownInDialog,
  );
  const deleted = user.state === 'deleted';
  const erased = user.deletion?.erasedAt != null;
  const name = user.displayName;
  // Disabling and deleting cancel the open orders the account can no longer finish (decision 169): say how many.
  const orders = closingOrdersText(user.openOrders);
  // And its money: no deletion while the wallet holds any (decision 184). The balance card reads the same query.
  const wallet = useQuery({
    queryKey: adminOrderKeys.userWallet(user.id),
    queryFn: () => adminOrdersApi.userWallet(user.id),
  });
  const money = wallet.data ? closingWalletText(wallet.data) : null;
  const whyNoDelete = useId();

  const askRole = () =>
    confirm.ask({
      title: 'Change role',
      message:
        role === 'admin'
          ? `${name} will be able to manage every user, listing and report. Make them an admin?`
          : `Change ${name}'s role from ${ROLE_LABELS[user.role]} to ${ROLE_LABELS[role]}?`,
      confirmLabel: 'Change role',
      onConfirm: () => changeRole.mutateAsync(role).then(() => setPicked(null)),
      // The button is disabled once the role is saved: the field shows the new one.
      returnFocusTo: () => roleField.current,
    });
  const askDisable = () =>
    confirm.ask({
      title: 'Disable account',
      message: [
        `${name} will be signed out everywhere at once and cannot sign in until the account is enabled again.`,
        'Their listings are hidden until then (nobody can buy from an account that cannot deliver);',
        'listings already hidden by moderation stay hidden.',
        orders,
      ].join(' '),
      confirmLabel: 'Disable account',
      danger: true,
      reason: { label: 'Reason (kept in the audit log)' },
      onConfirm: (reason) => act.mutateAsync({ action: 'disable', reason }),
    });
  const askEnable = () =>
    confirm.ask({
      title: 'Enable account',
      message: [
        `${name} will be able to sign in again, and the listings hidden by the disabling come back.`,
        'Orders canceled by the disabling stay canceled.',
      ].join(' '),
      confirmLabel: 'Enable account',
      onConfirm: (reason) => act.mutateAsync({ action: 'enable', reason }),
    });
  const askDelete = () =>
    confirm.ask({
      title: 'Delete account',
      message: [
        `${name} will be signed out, their listings hidden, and sign-in will say the account was deleted.`,
        'Conversations and history are kept, so the account can be restored.',
        orders,
        money?.text ?? '',
      ].join(' '),
      confirmLabel: 'Delete account',
      danger: true,
      reason: { label: 'Reason (kept in the audit log)' },
      onConfirm: (reason) => act.mutateAsync({ action: 'delete', reason }),
    });
  const askRestore = () =>
    confirm.ask({
      title: 'Restore account',
      message: [
        // Disabled before the deletion, the account comes back disabled (decision 060).
        user.disabled
          ? `${name} comes back still disabled: they cannot sign in, and their listings stay hidden, ` +
            'until you enable the account.'
          : `${name} will be able to sign in again, and the listings hidden by the deletion come back.`,
        'Listings hidden by moderation stay hidden. Orders canceled by the deletion stay canceled.',
      ].join(' '),
      confirmLabel: 'Restore account',
      reason: { label: 'Reason (kept in the audit log)' },
      onConfirm: (reason) => act.mutateAsync({ action: 'restore', reason }),
    });

  const askTwoFactorOff = () =>
    confirm.ask({
      title: 'Turn off two-factor sign-in',
      message: [
        `${name} will sign in with the password alone and is told so by email.`,
        'Do this only for a member who lost both their phone and their recovery codes and proved who they are.',
      ].join(' '),
      confirmLabel: 'Turn off two-factor sign-in',
      danger: true,
      reason: {
        label: 'How the member proved who they are (kept in the audit log)',
        required: true,
      },
      onConfirm: (reason) => twoFactorOff.mutateAsync(reason),
      // Its button is gone once it is off.
      returnFocusTo: () => heading.current,
    });

  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm" ref={heading} tabIndex={-1}>
        Manage account
      </Title>
      <Stack>
        <Group align="flex-end" wrap="wrap">
          <Select
            label="Role"
            data={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
            value={role}
            ref={roleField}
            onChange={(v) => v && setPicked(v as Role)}
            allowDeselect={false}
            disabled={deleted}
            w={220}
          />
          <Button onClick={askRole} disabled={deleted || role === user.role}>
            Change role
          </Button>
        </Group>
        {deleted && (
          <Text size="sm" c="dimmed">
            {erased
              ? "The account's personal data was erased: it cannot be restored."
              : 'Restore the account to change its role or sign-in.'}
          </Text>
        )}
        <Group wrap="wrap">
          {!deleted &&
            !isSelf &&
            (user.disabled ? (
              <Button variant="light" color="green" leftSection={<IconCircleCheck size={16} />} onClick={askEnable}>
                Enable account
              </Button>
            ) : (
              <Button variant="light" color="orange" leftSection={<IconBan size={16} />} onClick={askDisable}>
                Disable account
              </Button>
            ))}
          {deleted
            ? !erased && (
                <Button variant="light" leftSection={<IconRestore size={16} />} onClick={askRestore}>
                  Restore account
                </Button>
              )
            : !isSelf && (
                // Focusable while blocked, so the keyboard reaches it and a screen reader reads why.
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => !money?.blocked && askDelete()}
                  data-disabled={money?.blocked || undefined}
                  aria-disabled={money?.blocked || undefined}
                  aria-describedby={money?.blocked ? whyNoDelete : undefined}
                >
                  Delete account
                </Button>
              )}
        </Group>
        {!deleted && !isSelf && money?.blocked && (
          <Text size="sm" c="dimmed" id={whyNoDelete}>
            {money.text}
          </Text>
        )}
        {user.twoFactor && !deleted && !isSelf && (
          <Group>
            <Button variant="light" color="red" leftSection={<IconShieldOff size={16} />} onClick={askTwoFactorOff}>
              Turn off two-factor sign-in
            </Button>
          </Group>
        )}
        {isSelf && (
          <Text size="sm" c="dimmed">
            This is your own account: another admin has to disable or delete it.
          </Text>
        )}
      </Stack>
      {confirm.dialog}
    </Card>
  );
}
