import { useState } from 'react';
import { Button, Group, List, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import {
  DATA_EXPORT_CONTENTS,
  DATA_EXPORT_LEFT_OUT,
  DATA_EXPORT_MESSAGES,
  dataExportFileName,
} from '@accountry/shared/data-export';
import { ConfirmIdentityDialog } from '../../../components/confirm-identity/confirm-identity-dialog';
import { saveFile } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../lib/session';
import { authApi } from '../api/auth-api';

/**
 * Downloading a copy of one's data (decision 179): what the file holds and leaves out, then the password (and with
 * two-factor sign-in on a code) before the download, which is mailed to the address.
 */
export function DataExportCard() {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="sm">
      <Text size="sm">
        Download a copy of the data we keep about you, as one JSON file (plain text that other apps can read). It holds:
      </Text>
      <List size="sm" spacing={4}>
        {DATA_EXPORT_CONTENTS.map((line) => (
          <List.Item key={line}>{line}.</List.Item>
        ))}
      </List>
      <Group>
        <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => setOpen(true)}>
          Download your data
        </Button>
      </Group>
      <ConfirmIdentityDialog
        opened={open}
        title="Download your data?"
        confirmLabel="Download"
        confirmColor="blue"
        pendingText="Preparing your file. A long history can take a minute: keep this page open."
        send={authApi.downloadData}
        onDone={({ blob, fileName }) => {
          const name = fileName ?? dataExportFileName(Date.now());
          saveFile(blob, name);
          toast.success(DATA_EXPORT_MESSAGES.done(name));
        }}
        onClose={() => setOpen(false)}
      >
        <Text size="sm">
          The file holds your chats, orders and personal details: keep it somewhere safe. We email {user?.email} each
          time a copy of your data is asked for.
        </Text>
        <Text size="sm" fw={500}>
          Not in the file:
        </Text>
        <List size="sm" spacing={4}>
          {DATA_EXPORT_LEFT_OUT.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </ConfirmIdentityDialog>
    </Stack>
  );
}
