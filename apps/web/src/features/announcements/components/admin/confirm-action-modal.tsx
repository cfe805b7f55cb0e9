import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Notification } from '@accountry/shared/announcements';

export type ConfirmKind = 'recall' | 'delete';

const COPY: Record<ConfirmKind, { title: string; body: string; button: string }> = {
  recall: {
    title: 'Recall announcement?',
    body: 'It disappears from every banner at once and its status becomes canceled. You can edit and reactivate it later.',
    button: 'Recall',
  },
  delete: {
    title: 'Delete announcement?',
    body: 'The announcement, who read it and who dismissed it are removed for good. This cannot be undone.',
    button: 'Delete',
  },
};

/** Confirmation before recalling or deleting an announcement. */
export function ConfirmActionModal({
  target,
  loading,
  onConfirm,
  onClose,
  onClosed,
}: {
  target: { kind: ConfirmKind; notification: Notification } | null;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Runs once it has closed, for the page to put the focus back (Mantine's own return cannot reach a menu item). */
  onClosed?: () => void;
}) {
  const copy = target ? COPY[target.kind] : COPY.delete;
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={!!target}
      onClose={onClose}
      returnFocus={!onClosed}
      onExitTransitionEnd={onClosed}
      title={copy.title}
      size="sm"
    >
      <Stack>
        <Text size="sm">
          <Text span fw={600}>
            {target?.notification.title}
          </Text>
        </Text>
        <Text size="sm">{copy.body}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading}>
            {copy.button}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
