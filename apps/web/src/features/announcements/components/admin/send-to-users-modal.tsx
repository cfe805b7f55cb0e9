import { useEffect, useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { NOTIFICATION_MESSAGES, type Notification } from '@accountry/shared/announcements';
import { toast } from '../../../../lib/toast';
import { useAnnouncementMutations } from '../../hooks/use-admin-announcements';
import { UserPicker } from './user-picker';
import { AppModal } from '../../../../components/ui/app-modal';

/** Send an announcement to specific users: its audience becomes exactly the chosen users. */
export function SendToUsersModal({
  notification,
  onClose,
  returnFocusTo,
}: {
  notification: Notification | null;
  onClose: () => void;
  /** Where the focus goes after closing when the row's actions button is gone. */
  returnFocusTo?: () => HTMLElement | null | undefined;
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
    <AppModal
      opened={!!notification}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      title="Send to specific users"
      description={
        <Text size="sm">
          “{notification?.title}” will be shown only to the users you choose
          {notification?.status === 'active' ? '' : ' once it is active'}.
        </Text>
      }
      size="lg"
    >
      <Stack>
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
    </AppModal>
  );
}
