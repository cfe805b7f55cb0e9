import { Button, Group } from '@mantine/core';
import { AppModal } from '../../../components/ui/app-modal';

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
    <AppModal
      opened={opened}
      onClose={onClose}
      title={`Block ${otherName}?`}
      description={
        `${otherName} will no longer be able to message you, and neither of you will see the other's online status. ` +
        'You can unblock them later from this conversation.'
      }
    >
      <Group justify="flex-end">
        {/* The first focus, as in every confirmation: Enter straight away does not block. */}
        <Button variant="default" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button color="red" loading={loading} onClick={onConfirm}>
          Block
        </Button>
      </Group>
    </AppModal>
  );
}
