import { Button, Group, Modal, Text } from '@mantine/core';

export interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel: string;
  color?: string;
  onConfirm: () => void;
}

/** Asks before a destructive or final action. */
export function ConfirmDialog({
  request,
  onClose,
  loading,
}: {
  request: ConfirmRequest | null;
  onClose: () => void;
  loading?: boolean;
}) {
  return (
    <Modal opened={!!request} onClose={onClose} title={request?.title} centered>
      <Text>{request?.message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color={request?.color ?? 'red'} loading={loading} onClick={() => request?.onConfirm()}>
          {request?.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
