import { Button, Group, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { TWO_FACTOR_MESSAGES } from '@accountry/shared/two-factor';
import { toast } from '../../../../lib/toast';
import { authApi } from '../../api/auth-api';
import { useBothFactors } from './both-factors-fields';
import { AppModal } from '../../../../components/ui/app-modal';
import { DialogForm } from '../../../../components/ui/dialog-form';

interface Props {
  opened: boolean;
  onClose: (changed: boolean) => void;
  returnFocusTo?: () => HTMLElement | null | undefined;
}

/** Turning two-factor sign-in off: the password and a code from the app or a recovery code. */
export function TwoFactorOffDialog({ opened, onClose, returnFocusTo }: Props) {
  const form = useBothFactors();
  const off = useMutation({
    mutationFn: authApi.disableTwoFactor,
    onSuccess: () => {
      close(true);
      toast.success(TWO_FACTOR_MESSAGES.turnedOff);
    },
    onError: (err) => form.showError(err),
  });
  // Nothing typed stays behind once the dialog is closed, in the form or in the request's cache.
  const close = (changed = false) => {
    form.reset();
    off.reset();
    onClose(changed);
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (form.validate()) off.mutate(form.values);
  };

  return (
    <AppModal
      opened={opened}
      onClose={() => close()}
      title="Turn off two-factor sign-in?"
      description="Signing in will take only your password. Your recovery codes stop working."
      centered
      returnFocusTo={returnFocusTo}
    >
      <DialogForm onSubmit={submit}>
        <Stack>
          {form.fields}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => close()}>
              Keep it on
            </Button>
            <Button type="submit" color="red" loading={off.isPending}>
              Turn off
            </Button>
          </Group>
        </Stack>
      </DialogForm>
    </AppModal>
  );
}
