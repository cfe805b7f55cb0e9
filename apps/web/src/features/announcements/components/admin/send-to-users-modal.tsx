import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { NOTIFICATION_MESSAGES, type Notification } from '@accountry/shared/announcements';
import { toast } from '../../../../lib/toast';
import { useAnnouncementMutations } from '../../hooks/use-admin-announcements';
import { UserPicker } from './user-picker';

/** Send an announcement to specific users: its audience becomes exactly the chosen users. */
export function SendToUsersModal({
  notification,
  onClose,
  onClosed,
}: {
  notification: Notification | null;
  onClose: () => void;
  /** Runs once it has closed, for the page to put the focus back (Mantine's own return cannot reach a menu item). */
  onClosed?: () => void;
}) {
  const { send } = useAnnouncementMutations();
  const [userIds, setUserIds] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    setUserIds(notification && Array.isArray(notification.targetUsers) ? notification.targetUsers : []);
    setError(undefined);
  }, [notification]);

  const submit = async () => {
    if (!notification) return;
    if (!userIds.length) return setError(NOTIFICATION_MESSAGES.userIdsRequired);
    try {
      await send.mutateAsync({ id: notification.id, userIds });
      toast.success(`Sent to ${userIds.length} user${userIds.length === 1 ? '' : 's'}`);
      onClose();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={!!notification}
      onClose={onClose}
      returnFocus={!onClosed}
      onExitTransitionEnd={onClosed}
      title="Send to specific users"
      size="lg"
    >
      <Stack>
        <Text size="sm">
          “{notification?.title}” will be shown only to the users you choose
          {notification?.status === 'active' ? '' : ' once it is active'}.
        </Text>
        <UserPicker value={userIds} onChange={setUserIds} error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={send.isPending}>
            Send
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
