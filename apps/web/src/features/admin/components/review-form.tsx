import { useRef, useState } from 'react';
import { Button, Group, Select, Stack, Textarea } from '@mantine/core';
import {
  REPORT_STATUSES,
  REPORT_STATUS_LABELS,
  reviewInputSchema,
  type ReportStatus,
  type ReviewInput,
} from '@accountry/shared/admin-reports';
import { ApiRequestError } from '../../../lib/api';
import { focusFirstError, zodFieldErrors } from '../../../lib/forms';

/** Status and note of a report or rate-us submission. */
export function ReviewForm({
  status,
  note,
  onSave,
  saving,
}: {
  status: ReportStatus;
  note: string;
  onSave: (input: ReviewInput) => Promise<unknown>;
  saving: boolean;
}) {
  const [values, setValues] = useState({ status, note });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const changed = values.status !== status || values.note.trim() !== note;
  const form = useRef<HTMLFormElement>(null);
  // The focus goes to the first field to fix, where its message is read out.
  const showErrors = (next: Record<string, string>) => focusFirstError(form.current, () => setErrors(next));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = reviewInputSchema.safeParse({
      ...(values.status !== status ? { status: values.status } : {}),
      ...(values.note.trim() !== note ? { note: values.note } : {}),
    });
    if (!parsed.success) return showErrors(zodFieldErrors(parsed.error));
    setErrors({});
    try {
      await onSave(parsed.data);
    } catch (err) {
      if (err instanceof ApiRequestError) showErrors(err.fields);
    }
  };

  return (
    <form ref={form} onSubmit={submit} aria-label="Review">
      <Stack gap="sm">
        <Select
          label="Status"
          data={REPORT_STATUSES.map((s) => ({ value: s, label: REPORT_STATUS_LABELS[s] }))}
          value={values.status}
          onChange={(v) => v && setValues((s) => ({ ...s, status: v as ReportStatus }))}
          allowDeselect={false}
          error={errors.status}
          maw={240}
        />
        <Textarea
          label="Note for the admins"
          autosize
          minRows={2}
          maxLength={2000}
          value={values.note}
          onChange={(e) => {
            const note = e.currentTarget.value;
            setValues((s) => ({ ...s, note }));
          }}
          error={errors.note}
        />
        <Group>
          <Button type="submit" loading={saving} disabled={!changed}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
