import { Button, Group, Stack, Text } from '@mantine/core';
import type { Notification } from '@accountry/shared/announcements';
import { AppModal } from '../../../../components/ui/app-modal';

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
  returnFocusTo,
}: {
  target: { kind: ConfirmKind; notification: Notification } | null;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Where the focus goes after closing when the row's actions button is gone. */
  returnFocusTo?: () => HTMLElement | null | undefined;
}) {
  const copy = target ? COPY[target.kind] : COPY.delete;
  return (
    <AppModal
      opened={!!target}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      title={copy.title}
      description={
        <Stack>
          <Text size="sm" fw={600}>
            {target?.notification.title}
          </Text>
          <Text size="sm">{copy.body}</Text>
        </Stack>
      }
      size="sm"
    >
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={loading}>
          {copy.button}
        </Button>
      </Group>
    </AppModal>
  );
}
