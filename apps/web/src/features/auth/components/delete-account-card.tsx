import { useState } from 'react';
import { Button, Group, List, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ACCOUNT_DELETION_MESSAGES, ERASE_AFTER_DAYS } from '@accountry/shared/account-deletion';
import { ConfirmIdentityDialog } from '../../../components/confirm-identity/confirm-identity-dialog';
import { toast } from '../../../lib/toast';
import { authApi } from '../api/auth-api';

/**
 * Deleting one's own account: what it means, then a dialog that asks for the password (and with two-factor sign-in on
 * a code) before anything happens.
 */
export function DeleteAccountCard() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="sm">
      <Text size="sm">
        You can delete your account when no order of yours is in progress and your wallet is empty. To keep your chats
        and order history, download your data first (above).
      </Text>
      <Group>
        <Button color="red" variant="outline" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </Group>
      <ConfirmIdentityDialog
        opened={open}
        title="Delete your account?"
        confirmLabel="Delete my account"
        cancelLabel="Keep my account"
        send={authApi.deleteAccount}
        onDone={() => {
          queryClient.clear();
          void navigate('/');
          toast.success(ACCOUNT_DELETION_MESSAGES.done);
        }}
        onClose={() => setOpen(false)}
      >
        <List size="sm" spacing={4}>
          <List.Item>You are signed out everywhere and nobody can sign in to the account.</List.Item>
          <List.Item>Your listings are no longer shown.</List.Item>
          <List.Item>
            Support can restore the account for {ERASE_AFTER_DAYS} days. Then your email address, name, phone number and
            password are erased.
          </List.Item>
          <List.Item>Orders, payments and reviews stay on record, under &ldquo;Former member&rdquo;.</List.Item>
        </List>
      </ConfirmIdentityDialog>
    </Stack>
  );
}
