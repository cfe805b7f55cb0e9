import { useRef, useState, type ReactNode } from 'react';
import { Button, Group, Radio, Stack, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiRequestError } from '../../lib/api';
import { focusFirstError, zodFieldErrors } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { AppModal } from './app-modal';
import { DialogForm } from './dialog-form';

interface Props<T> {
  title: string;
  opened: boolean;
  onClose: () => void;
  reasons: ReadonlyArray<{ value: string; label: string }>;
  /** Name of the free-text field in the schema (and in the server's field errors). */
  detailsField: string;
  detailsMaxLength: number;
  schema: z.ZodType<T>;
  send: (input: T) => Promise<{ message?: string } | unknown>;
  successMessage: string;
  /** What the report does, and who learns of it: the dialog's description. */
  intro: ReactNode;
  /** Extra controls below the details (e.g. "also block"). */
  children?: ReactNode;
  onSent?: () => void;
}

/** Report something to the moderators: a reason, optional details, validated with the shared schema. */
export function ReportDialog<T>({
  title,
  opened,
  onClose,
  reasons,
  detailsField,
  detailsMaxLength,
  schema,
  send,
  successMessage,
  intro,
  children,
  onSent,
}: Props<T>) {
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  // The focus goes to what to fix (the first reason, or the details), where its message is read out.
  const showErrors = (next: Record<string, string>) => focusFirstError(form.current, () => setErrors(next));
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: (result) => {
      const message = (result as { message?: string } | undefined)?.message;
      toast.success(message ?? successMessage, 'Report sent');
      setReason('');
      setDetails('');
      onSent?.();
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiRequestError && Object.keys(err.fields).length) showErrors(err.fields);
      else toast.error(err.message);
    },
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = schema.safeParse({ reason, [detailsField]: details });
    if (!parsed.success) return showErrors(zodFieldErrors(parsed.error));
    setErrors({});
    mutation.mutate(parsed.data);
  };
  return (
    <AppModal opened={opened} onClose={onClose} title={title} description={intro}>
      <DialogForm ref={form} onSubmit={submit}>
        <Stack>
          <Radio.Group label="What is wrong?" value={reason} onChange={setReason} error={errors.reason} required>
            <Stack gap="xs" mt="xs">
              {reasons.map((r) => (
                // Marked invalid with the group, so the focus can go to the first choice.
                <Radio key={r.value} value={r.value} label={r.label} aria-invalid={!!errors.reason || undefined} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label="Details (optional)"
            autosize
            minRows={3}
            maxLength={detailsMaxLength}
            value={details}
            onChange={(e) => setDetails(e.currentTarget.value)}
            error={errors[detailsField]}
          />
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={mutation.isPending}>
              Send report
            </Button>
          </Group>
        </Stack>
      </DialogForm>
    </AppModal>
  );
}
