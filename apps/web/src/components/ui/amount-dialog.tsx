import { useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ApiRequestError } from '../../lib/api';
import { AppModal } from './app-modal';
import { DialogForm } from './dialog-form';
import { MoneyInput } from './money-input';

interface Props {
  opened: boolean;
  title: string;
  /** What the amount is for, above the field. */
  intro: ReactNode;
  label: string;
  /** The bounds, under the field while it shows no error. */
  hint: string;
  currency: string;
  submitLabel: string;
  /** Why this amount (in cents; null when none was typed) cannot be sent, or null. */
  check: (cents: number | null) => string | null;
  /** Words the other side reads with the amount (optional for the user), up to `max` characters. */
  note?: { label: string; placeholder: string; max: number };
  send: (cents: number, note: string) => Promise<unknown>;
  onClose: () => void;
  /** Sent: the dialog has closed, and the button that opened it may be gone: the caller says where the focus goes. */
  onSent: () => void;
  /** A refusal that is not about the amount (a limit, the other side acting first, the network). */
  onFailed?: () => void;
}

/** An amount of money asked in a dialog (an offer, a counter-offer): checked as typed, then by the server. */
export function AmountDialog(props: Props) {
  const [amount, setAmount] = useState<number | string>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [noteError, setNoteError] = useState<string | null>(null);
  // Refusals that are not about the amount are the form's, not the field's.
  const [formError, setFormError] = useState<string | null>(null);
  const alert = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const noteField = useRef<HTMLTextAreaElement>(null);
  const send = useMutation({
    mutationFn: (cents: number) => props.send(cents, note),
    onSuccess: () => {
      // Not close(): this render's `send` still reads as pending, and close() waits for it.
      clear();
      props.onClose();
      requestAnimationFrame(props.onSent);
    },
    onError: (err) => {
      const noteRefused = err instanceof ApiRequestError && err.status === 400 ? err.fields.note : undefined;
      if (noteRefused) {
        flushSync(() => setNoteError(noteRefused));
        return noteField.current?.focus();
      }
      if (err instanceof ApiRequestError && err.status === 400) return refuse(err.message);
      props.onFailed?.();
      flushSync(() => setFormError(err.message));
      alert.current?.focus();
    },
  });
  // Drawn before the focus arrives, so the field is read out as invalid with its message.
  const refuse = (message: string) => {
    flushSync(() => setError(message));
    field.current?.focus();
  };
  const clear = () => {
    setAmount('');
    setNote('');
    setError(null);
    setNoteError(null);
    setFormError(null);
  };
  const close = () => {
    if (send.isPending) return;
    clear();
    props.onClose();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (send.isPending) return;
    const cents = Math.round(Number(amount) * 100);
    const refused = props.check(amount === '' || !Number.isFinite(cents) || cents <= 0 ? null : cents);
    if (refused) return refuse(refused);
    setError(null);
    setNoteError(null);
    setFormError(null);
    send.mutate(cents);
  };
  return (
    <AppModal
      opened={props.opened}
      onClose={close}
      title={props.title}
      description={<Text size="sm">{props.intro}</Text>}
      centered
    >
      <DialogForm onSubmit={submit}>
        <Stack>
          {formError && (
            <Alert ref={alert} color="red" role="alert" tabIndex={-1}>
              {formError}
            </Alert>
          )}
          <MoneyInput
            currency={props.currency}
            ref={field}
            data-autofocus
            label={props.label}
            // The error says the same when it shows: a screen reader hears it once.
            description={error ? undefined : props.hint}
            value={amount}
            onChange={(v) => {
              setAmount(v);
              setError(null);
            }}
            error={error}
          />
          {props.note && (
            <Textarea
              ref={noteField}
              label={props.note.label}
              placeholder={props.note.placeholder}
              description={noteError ? undefined : `Optional. Up to ${props.note.max} characters.`}
              autosize
              minRows={2}
              maxRows={6}
              maxLength={props.note.max}
              value={note}
              onChange={(e) => {
                setNote(e.currentTarget.value);
                setNoteError(null);
              }}
              error={noteError}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={send.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={send.isPending}>
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </DialogForm>
    </AppModal>
  );
}
