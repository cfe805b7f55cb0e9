import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../api/auth-api';
import { useBothFactors } from './both-factors-fields';
import { RecoveryCodesPanel } from './recovery-codes-panel';

/** New recovery codes in place of the old ones, with the password and a code (or one of the old codes). */
export function NewRecoveryCodesDialog({ opened, onClose }: { opened: boolean; onClose: (changed: boolean) => void }) {
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
    <Modal
      opened={opened}
      onClose={close}
      title="New recovery codes"
      centered
      closeOnClickOutside={!codes}
      closeOnEscape={!codes}
      withCloseButton={!codes}
    >
      {codes ? (
        <RecoveryCodesPanel codes={codes} onDone={close} />
      ) : (
        <form onSubmit={submit} noValidate aria-label="Make new recovery codes">
          <Stack>
            <Text size="sm">New codes replace the ones you have: the old codes stop working.</Text>
            {form.errors._ && (
              <Alert color="red" role="alert">
                {form.errors._}
              </Alert>
            )}
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
        </form>
      )}
    </Modal>
  );
}
