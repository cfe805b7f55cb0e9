import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../api/auth-api';
import { useBothFactors } from './both-factors-fields';
import { CodesModal } from './recovery-codes-panel';
import { DialogForm } from '../../../../components/ui/dialog-form';

interface Props {
  opened: boolean;
  onClose: (changed: boolean) => void;
  onClosed?: () => void;
}

/** New recovery codes in place of the old ones, with the password and a code (or one of the old codes). */
export function NewRecoveryCodesDialog({ opened, onClose, onClosed }: Props) {
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
      codes={codes}
      guarded={false}
      onClose={close}
      onClosed={onClosed}
    >
      <DialogForm onSubmit={submit}>
        <Stack>
          <Text size="sm">New codes replace the ones you have: the old codes stop working.</Text>
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
