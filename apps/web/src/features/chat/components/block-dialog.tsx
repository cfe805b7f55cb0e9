import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface Props {
  otherName: string;
  opened: boolean;
  loading: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** Blocking is confirmed first: it stops messages both ways and hides online status. */
export function BlockDialog({ otherName, opened, loading, onClose, onConfirm }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Block ${otherName}?`}>
      <Stack>
        <Text size="sm">
          {otherName} will no longer be able to message you, and neither of you will see the other&apos;s online status.
          You can unblock them later from this conversation.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={loading} onClick={onConfirm}>
            Block
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
