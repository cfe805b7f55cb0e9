import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../api/auth-api';
import { useBothFactors } from './both-factors-fields';
import { CodesModal } from './recovery-codes-panel';
import { DialogForm } from '../../../../components/ui/dialog-form';

interface Props {
  opened: boolean;
  onClose: (changed: boolean) => void;
  returnFocusTo?: () => HTMLElement | null | undefined;
}

/** New recovery codes in place of the old ones, with the password and a code (or one of the old codes). */
export function NewRecoveryCodesDialog({ opened, onClose, returnFocusTo }: Props) {
  const form = useBothFactors();
  const [codes, setCodes] = useState<string[] | null>(null);
  const make = useMutation({
    mutationFn: authApi.newRecoveryCodes,
    onSuccess: (r) => setCodes(r.recoveryCodes),
    onError: (err) => form.showError(err),
  });
  // The codes and the password leave memory with the dialog: the form, the panel and the request's cache.
  const close = () => {
    const changed = codes !== null;
    form.reset();
    make.reset();
    setCodes(null);
    onClose(changed);
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (form.validate()) make.mutate(form.values);
  };

  return (
    <CodesModal
      opened={opened}
      title="New recovery codes"
      description="New codes replace the ones you have: the old codes stop working."
      codes={codes}
      guarded={false}
      onClose={close}
      returnFocusTo={returnFocusTo}
    >
      <DialogForm onSubmit={submit}>
        <Stack>
          {form.fields}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={make.isPending}>
              Make new codes
            </Button>
          </Group>
        </Stack>
      </DialogForm>
    </CodesModal>
  );
}
