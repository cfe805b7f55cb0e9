import { useRef, useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TWO_FACTOR_MESSAGES } from '@accountry/shared/two-factor';
import { preloadable } from '../../../../lib/preloadable';
import { toast } from '../../../../lib/toast';
import { authApi } from '../../api/auth-api';
import { NewRecoveryCodesDialog } from './new-recovery-codes-dialog';
import { TwoFactorOffDialog } from './two-factor-off-dialog';
import { TWO_FACTOR_KEY } from '../../../../components/confirm-identity/two-factor-key';
import { LoadError } from '../../../../components/ui/load-error';
import { LoadingStatus } from '../../../../components/ui/loading-status';
import { refreshAccountSecurity } from '../../../../components/confirm-identity/account-security-refresh';
import { formatLongDate } from '../../../../lib/format-time';

// The QR code's encoder loads only for someone turning it on.
const SetupDialog = preloadable(() => import('./two-factor-setup-dialog').then((m) => m.TwoFactorSetupDialog));
/** Few enough codes left to suggest making new ones. */
const FEW_CODES = 3;

/** The profile's two-factor sign-in: whether it is on, and turning it on or off or making new recovery codes. */
export function TwoFactorCard() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: TWO_FACTOR_KEY, queryFn: authApi.twoFactor });
  const [dialog, setDialog] = useState<'setup' | 'off' | 'codes' | null>(null);
  // The set-up's code loads on first use and then stays, so its dialog can close with its transition.
  const [setupLoaded, setSetupLoaded] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  // Back to the button that opened the dialog, or when it is gone (turned on or off) to the button that took its place.
  const returnFocusTo = () => root.current?.querySelector('button');
  const open = (which: 'setup' | 'off' | 'codes') => {
    if (which === 'setup') setSetupLoaded(true);
    setDialog(which);
  };
  const close = async (changed: boolean) => {
    if (dialog === 'setup' && changed) toast.success(TWO_FACTOR_MESSAGES.turnedOn);
    if (dialog === 'codes' && changed) toast.success(TWO_FACTOR_MESSAGES.newCodes);
    // The card shows the new state before the dialog goes, so the focus has somewhere to return to.
    if (changed) await refreshAccountSecurity(queryClient);
    setDialog(null);
  };

  if (status.isPending) return <LoadingStatus size="sm" label="Loading your two-factor sign-in" />;
  if (status.isError)
    return (
      <LoadError title="Your two-factor sign-in could not be loaded" error={status.error} refetch={status.refetch} />
    );
  const s = status.data;
  return (
    <Stack gap="sm" ref={root}>
      {s.enabled ? (
        <>
          <Group gap="xs">
            <Badge color="teal" variant="light">
              On
            </Badge>
            {s.enabledAt && (
              <Text size="sm" c="dimmed">
                since {formatLongDate(s.enabledAt)}
              </Text>
            )}
          </Group>
          <Text size="sm">Signing in takes your password and a code from your authenticator app.</Text>
          <Text size="sm" c={s.recoveryCodesLeft <= FEW_CODES ? 'orange.8' : undefined}>
            {s.recoveryCodesLeft} recovery {s.recoveryCodesLeft === 1 ? 'code' : 'codes'} left
            {s.recoveryCodesLeft <= FEW_CODES ? ': make new ones before you run out.' : '.'}
          </Text>
          <Group>
            <Button variant="light" onClick={() => open('codes')}>
              Make new recovery codes
            </Button>
            <Button color="red" variant="outline" onClick={() => open('off')}>
              Turn off
            </Button>
          </Group>
        </>
      ) : (
        <>
          <Text size="sm">
            Protect your account and your sales with a second step at sign-in: a 6-digit code from an authenticator app
            on your phone. Someone who learns your password still cannot sign in.
          </Text>
          <Group>
            <Button onClick={() => open('setup')} onMouseEnter={() => void SetupDialog.preload()}>
              Turn on two-factor sign-in
            </Button>
          </Group>
        </>
      )}
      {setupLoaded && <SetupDialog opened={dialog === 'setup'} onClose={close} returnFocusTo={returnFocusTo} />}
      <TwoFactorOffDialog opened={dialog === 'off'} onClose={close} returnFocusTo={returnFocusTo} />
      <NewRecoveryCodesDialog opened={dialog === 'codes'} onClose={close} returnFocusTo={returnFocusTo} />
    </Stack>
  );
}
