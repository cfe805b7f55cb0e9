import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Checkbox, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';

/** Recovery codes, shown once: copy or download them, and say they are stored before leaving. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [stored, setStored] = useState(false);
  // The form that asked for them is gone: the focus moves to what replaced it, and a screen reader reads it.
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus(), []);
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`Accountry recovery codes\n\n${text}\n`], { type: 'text/plain' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: 'accountry-recovery-codes.txt' });
    a.click();
    // Revoked once the download has started with it, not before.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
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
