import { useRef, useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { MAX_PASSKEYS, PASSKEY_MESSAGES, type Passkey } from '@accountry/shared/passkeys';
import { authApi } from '../../api/auth-api';
import { AddPasskeyDialog } from './add-passkey-dialog';
import { canUsePasskeys, loadPasskeyLibrary } from './passkey-ceremony';
import { PasskeyList } from './passkey-list';
import { PASSKEYS_KEY } from './passkeys-key';
import { RemovePasskeyDialog } from './remove-passkey-dialog';
import { RenamePasskeyDialog } from './rename-passkey-dialog';
import { LoadError } from '../../../../components/ui/load-error';
import { LoadingStatus } from '../../../../components/ui/loading-status';

type Dialog = 'add' | 'rename' | 'remove';

/** The profile's passkeys: which there are, adding one on this device, renaming and removing them. */
export function PasskeysCard() {
  const list = useQuery({ queryKey: PASSKEYS_KEY, queryFn: authApi.passkeys });
  const [supported] = useState(canUsePasskeys);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // Kept after the dialog closes, so its closing transition still shows the passkey it was about.
  const [target, setTarget] = useState<Passkey | null>(null);
  const root = useRef<HTMLDivElement>(null);
  // Back to the button that opened the dialog or, when it went with the passkey, to the add button (or the card's first).
  const returnFocusTo = () =>
    root.current?.querySelector<HTMLElement>('[data-passkey-add]') ??
    root.current?.querySelector<HTMLElement>('button');
  const open = (which: Dialog, passkey: Passkey | null = null) => {
    setTarget(passkey);
    setDialog(which);
  };
  const close = () => setDialog(null);

  if (list.isPending) return <LoadingStatus size="sm" label="Loading your passkeys" />;
  if (list.isError)
    return <LoadError title="Your passkeys could not be loaded" error={list.error} refetch={list.refetch} />;
  const passkeys = list.data.passkeys;
  return (
    <Stack gap="sm" ref={root}>
      {passkeys.length === 0 ? (
        <Text size="sm">
          Sign in with your fingerprint, face or screen lock instead of your password. A passkey is kept by your device
          or password manager; it cannot be guessed, and it does not work on a site that only looks like Accountry.
        </Text>
      ) : (
        <>
          <Text size="sm">
            Each passkey signs in without your password or a code. Synced passkeys are kept in your password manager or
            cloud account and work on your other devices too.
          </Text>
          <PasskeyList passkeys={passkeys} onRename={(p) => open('rename', p)} onRemove={(p) => open('remove', p)} />
        </>
      )}
      {!supported ? (
        <Text size="sm" c="dimmed">
          {PASSKEY_MESSAGES.unsupported}
        </Text>
      ) : passkeys.length >= MAX_PASSKEYS ? (
        <Text size="sm" c="dimmed">
          {PASSKEY_MESSAGES.tooMany}
        </Text>
      ) : (
        <Group>
          <Button
            data-passkey-add
            leftSection={<IconFingerprint size={18} aria-hidden />}
            onClick={() => open('add')}
            // The browser's part loads while the pointer is on its way, not after the click.
            onMouseEnter={() => void loadPasskeyLibrary().catch(() => undefined)}
            onFocus={() => void loadPasskeyLibrary().catch(() => undefined)}
          >
            Add a passkey
          </Button>
        </Group>
      )}
      <AddPasskeyDialog opened={dialog === 'add'} onClose={close} returnFocusTo={returnFocusTo} />
      <RenamePasskeyDialog
        opened={dialog === 'rename'}
        passkey={target}
        onClose={close}
        returnFocusTo={returnFocusTo}
      />
      <RemovePasskeyDialog
        opened={dialog === 'remove'}
        passkey={target}
        onClose={close}
        returnFocusTo={returnFocusTo}
      />
    </Stack>
  );
}
