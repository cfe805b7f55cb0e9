import { useEffect, useRef, useState } from 'react';
import { Button, Divider, Text } from '@mantine/core';
import { PASSKEY_MESSAGES } from '@accountry/shared/passkeys';
import { IconFingerprint } from '@tabler/icons-react';
import { canUsePasskeys, loadPasskeyLibrary } from './passkey-ceremony';

interface Props {
  loading: boolean;
  /** The last try failed: the focus comes back here for another, unless the page moved it elsewhere. */
  failed: boolean;
  onClick: () => void;
}

const preload = () => void loadPasskeyLibrary().catch(() => undefined);

/**
 * The sign-in form's other way in, below its button; shown only where the browser can use passkeys. Its name does not
 * start with "Sign in", so the form's own button keeps that name alone.
 */
export function PasskeySignInButton({ loading, failed, onClick }: Props) {
  const [supported] = useState(canUsePasskeys);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // The button was disabled while the browser asked, which drops the focus.
    const active = document.activeElement;
    if (failed && (!active || active === document.body || active === button.current)) button.current?.focus();
  }, [failed]);
  if (!supported) return null;
  return (
    <>
      <Divider label="or" labelPosition="center" />
      <Button
        ref={button}
        variant="default"
        fullWidth
        leftSection={<IconFingerprint size={18} aria-hidden />}
        loading={loading}
        onClick={onClick}
        // The browser's part loads while the pointer is on its way, not after the click.
        onMouseEnter={preload}
        onFocus={preload}
      >
        Use a passkey
      </Button>
      <Text size="sm" c="dimmed" ta="center" role="status">
        {loading ? PASSKEY_MESSAGES.waiting : ''}
      </Text>
    </>
  );
}
