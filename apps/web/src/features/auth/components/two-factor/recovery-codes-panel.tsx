import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Checkbox, CopyButton, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { saveFile } from '../../../../lib/api';

/** Recovery codes, shown once: copy or download them, and say they are stored before leaving. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [stored, setStored] = useState(false);
  // The form that asked for them is gone: the focus moves to what replaced it, and a screen reader reads it.
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus(), []);
  const text = codes.join('\n');
  const download = () =>
    saveFile(
      new Blob([`Accountry recovery codes\n\n${text}\n`], { type: 'text/plain' }),
      'accountry-recovery-codes.txt',
    );
  return (
    <Stack>
      <Alert ref={notice} tabIndex={-1} color="yellow" title="Save your recovery codes now">
        If you lose your phone, each of these codes signs you in once in place of a code from the app. They are shown
        only this time.
      </Alert>
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
  /** Shown instead of the form once made: then only Done closes the dialog. */
  codes: string[] | null;
  /** A stray click or Escape would lose what the dialog shows (a key, codes): only its buttons close it. */
  guarded: boolean;
  onClose: () => void;
  /** After the dialog is gone: the caller puts the focus back (the button that opened it may be gone too). */
  onClosed?: () => void;
  children: React.ReactNode;
}

/** A dialog whose form ends on new recovery codes (turning on, or making new ones). */
export function CodesModal({ opened, title, codes, guarded, onClose, onClosed, children }: CodesModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeOnClickOutside={!guarded && !codes}
      closeOnEscape={!guarded && !codes}
      withCloseButton={!codes}
      returnFocus={!onClosed}
      onExitTransitionEnd={onClosed}
    >
      {codes ? <RecoveryCodesPanel codes={codes} onDone={onClose} /> : children}
    </Modal>
  );
}
