import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import {
  AUDIENCE_FILTERS,
  AUDIENCE_LABELS,
  MESSAGE_MAX,
  SEVERITIES,
  SEVERITY_LABELS,
  STATUSES,
  STATUS_LABELS,
  TITLE_MAX,
  type AudienceFilter,
  type Notification,
  type NotificationStatus,
  type Severity,
} from '@accountry/shared/announcements';
import { ApiRequestError } from '../../../../lib/api';
import { focusFirstError } from '../../../../lib/forms';
import { toast } from '../../../../lib/toast';
import { useAnnouncementMutations } from '../../hooks/use-admin-announcements';
import {
  EMPTY_FORM,
  EXPIRY_PASSED_WARNING,
  expiryPassed,
  formErrors,
  formErrorsFromServer,
  formFromNotification,
  inputFromForm,
  type FormValues,
} from './form-values';
import { UserPicker } from './user-picker';
import { DialogForm } from '../../../../components/ui/dialog-form';
import { AppModal } from '../../../../components/ui/app-modal';

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((v) => ({ value: v, label: labels[v] }));

/** Create a new announcement, or edit one; the spec's validation messages show next to the fields. */
export function AnnouncementFormModal({
  opened,
  editing,
  onClose,
  returnFocusTo,
}: {
  opened: boolean;
  editing: Notification | null;
  onClose: () => void;
  /** Where the focus goes after closing when the row's actions button is gone. */
  returnFocusTo?: () => HTMLElement | null | undefined;
}) {
  const { create, update } = useAnnouncementMutations();
  const [values, setValues] = useState<FormValues>(EMPTY_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!opened) return;
    setValues(editing ? formFromNotification(editing) : EMPTY_FORM);
    setErrors({});
    setFormError(null);
  }, [opened, editing]);

  const set =
    <K extends keyof FormValues>(key: K) =>
    (value: FormValues[K]) =>
      setValues((v) => ({ ...v, [key]: value }));
  const pending = create.isPending || update.isPending;

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    const local = formErrors(values);
    setFormError(null);
    // The focus goes to the first field to fix, where its message is read out.
    if (Object.keys(local).length) return focusFirstError(form.current, () => setErrors(local));
    setErrors({});
    try {
      const body = inputFromForm(values);
      if (editing) await update.mutateAsync({ id: editing.id, body });
      else await create.mutateAsync(body);
      toast.success(editing ? 'Announcement updated' : 'Announcement created');
      onClose();
    } catch (err) {
      focusFirstError(form.current, () => {
        if (err instanceof ApiRequestError && Object.keys(err.fields).length)
          setErrors(formErrorsFromServer(err.fields, values.audience));
        setFormError(err instanceof Error ? err.message : 'Something went wrong.');
      });
    }
  };

  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      title={editing ? 'Edit announcement' : 'New announcement'}
      description="A banner at the top of every page for its audience, until it expires or you recall it."
      size="lg"
    >
      <DialogForm onSubmit={onSubmit} ref={form}>
        <Stack gap="sm">
          {formError && (
            <Alert color="red" role="alert" data-form-error={!Object.keys(errors).length || undefined} tabIndex={-1}>
              {formError}
            </Alert>
          )}
          <TextInput
            label="Title"
            required
            maxLength={TITLE_MAX}
            value={values.title}
            onChange={(e) => set('title')(e.currentTarget.value)}
            error={errors.title}
            data-autofocus
          />
          <Textarea
            label="Message"
            required
            autosize
            minRows={3}
            maxLength={MESSAGE_MAX}
            value={values.message}
            onChange={(e) => set('message')(e.currentTarget.value)}
            error={errors.message}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Severity"
              required
              allowDeselect={false}
              data={options(SEVERITIES, SEVERITY_LABELS)}
              value={values.severity}
              onChange={(v) => v && set('severity')(v as Severity)}
              error={errors.severity}
            />
            <Select
              label="Status"
              required
              allowDeselect={false}
              data={options(STATUSES, STATUS_LABELS)}
              value={values.status}
              onChange={(v) => v && set('status')(v as NotificationStatus)}
              error={errors.status}
            />
          </SimpleGrid>
          <Select
            label="Audience"
            required
            allowDeselect={false}
            data={options(AUDIENCE_FILTERS, AUDIENCE_LABELS)}
            value={values.audience}
            onChange={(v) => v && set('audience')(v as AudienceFilter)}
            error={errors.audience}
          />
          {values.audience === 'specific' && (
            <UserPicker value={values.userIds} onChange={set('userIds')} error={errors.userIds} />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="date"
              label="Expiry date"
              description="Leave empty for no expiry"
              value={values.expiresDate}
              onChange={(e) => set('expiresDate')(e.currentTarget.value)}
              error={errors.expiresDate}
            />
            <TextInput
              type="time"
              label="Expiry time"
              description="Optional; the end of the day if empty"
              value={values.expiresTime}
              onChange={(e) => set('expiresTime')(e.currentTarget.value)}
              disabled={!values.expiresDate}
              error={errors.expiresTime}
            />
          </SimpleGrid>
          {expiryPassed(values, Date.now()) && (
            <Alert color="yellow" aria-live="polite">
              {EXPIRY_PASSED_WARNING}
            </Alert>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {editing ? 'Save changes' : 'Create announcement'}
            </Button>
          </Group>
        </Stack>
      </DialogForm>
    </AppModal>
  );
}
