import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Checkbox, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { saveFile } from '../../../../lib/api';
import { AppModal } from '../../../../components/ui/app-modal';

/** What the dialog says once the codes are made: it takes the focus from the form it replaced, and is read out. */
function CodesNotice() {
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus(), []);
  return (
    <Alert ref={notice} tabIndex={-1} color="yellow" title="Save your recovery codes now">
      If you lose your phone, each of these codes signs you in once in place of a code from the app. They are shown only
      this time.
    </Alert>
  );
}

/** Recovery codes, shown once: copy or download them, and say they are stored before leaving. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [stored, setStored] = useState(false);
  const text = codes.join('\n');
  const download = () =>
    saveFile(
      new Blob([`Accountry recovery codes\n\n${text}\n`], { type: 'text/plain' }),
      'accountry-recovery-codes.txt',
    );
  return (
    <Stack>
      <SimpleGrid
        cols={2}
        spacing="xs"
        component="ul"
        role="list"
        aria-label="Recovery codes"
        style={{ listStyle: 'none', padding: 0 }}
      >
        {codes.map((c) => (
          <Text key={c} component="li" ff="monospace" size="md">
            {c}
          </Text>
        ))}
      </SimpleGrid>
      <Group>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            >
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={download} leftSection={<IconDownload size={16} />}>
          Download
        </Button>
      </Group>
      <Checkbox
        label="I have stored these codes somewhere safe"
        checked={stored}
        onChange={(e) => setStored(e.currentTarget.checked)}
      />
      <Group justify="flex-end">
        <Button onClick={onDone} disabled={!stored}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}

interface CodesModalProps {
  opened: boolean;
  title: string;
  /** What the form asks (the dialog's description until the codes replace the form). */
  description: ReactNode;
  /** Shown instead of the form once made: then only Done closes the dialog. */
  codes: string[] | null;
  /** A stray click or Escape would lose what the dialog shows (a key, codes): only its buttons close it. */
  guarded: boolean;
  onClose: () => void;
  /** Where the focus goes after closing when the button that opened the dialog is gone (turned on or off). */
  returnFocusTo?: () => HTMLElement | null | undefined;
  children: ReactNode;
}

/** A dialog whose form ends on new recovery codes (turning on, or making new ones). */
export function CodesModal(props: CodesModalProps) {
  const { opened, title, description, codes, guarded, onClose, returnFocusTo, children } = props;
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={title}
      description={codes ? <CodesNotice /> : description}
      centered
      closeOnClickOutside={!guarded && !codes}
      closeOnEscape={!guarded && !codes}
      withCloseButton={!codes}
      returnFocusTo={returnFocusTo}
    >
      {codes ? <RecoveryCodesPanel codes={codes} onDone={onClose} /> : children}
    </AppModal>
  );
}
