import { useLayoutEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { flushSync } from 'react-dom';
import { Alert, Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ApiRequestError } from '../../lib/api';
import { AppModal } from './app-modal';
import { DialogForm } from './dialog-form';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** Red for destructive actions. */
  danger?: boolean;
  /** Ask for a reason: 'required' blocks confirming without one. */
  reason?: ReasonField;
  /** `confirmed`: the codes of the server's warnings (`warning`) shown and confirmed past, to send again with. */
  onConfirm: (reason: string, confirmed: string[]) => Promise<unknown>;
  /**
   * Refusals that are warnings (their error codes): the message is shown, and confirming again, under `confirmLabel`,
   * sends with its code among `confirmed`, so a second warning can follow the first; changing the text takes them
   * away, as everything is then checked anew.
   */
  warning?: { codes: string[]; confirmLabel: string };
  /**
   * The form whose values are confirmed: its fields, named as in the request, and `show`, which puts messages on them
   * and the focus on the first. A refusal about one of them closes the dialog and shows there, as the form must change.
   */
  form?: FormFields;
  /** Where the focus goes after closing when the button that opened the dialog is gone or disabled (the action did it). */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

export interface ReasonField {
  label: string;
  description?: string;
  required?: boolean;
  minLength?: number;
  placeholder?: string;
  /** One line (a reference, an id), where Enter confirms; a reason otherwise takes a few lines. */
  singleLine?: boolean;
  /** 500 unless said. */
  maxLength?: number;
  /** Show how many of `maxLength` characters are typed, under the field (an optional note the other side reads). */
  counter?: boolean;
  /** What is wrong with the trimmed text (the shared schema's message), or null; instead of required and minLength. */
  check?: (text: string) => string | null;
  /** The request's field whose refusal shows on this one: 'reason' unless said. */
  name?: string;
  /** The text the field opens with (what is being corrected); empty unless said. */
  initial?: string;
}

/** The form behind a dialog (`ConfirmOptions.form`). */
export interface FormFields {
  fields: readonly string[];
  show: (errors: Record<string, string>) => void;
}

/** The refusal's messages about the form's fields, or null when it names none of them. */
function aboutForm(form: FormFields | undefined, err: unknown) {
  if (!form || !(err instanceof ApiRequestError)) return null;
  const found = Object.entries(err.fields).filter(([name]) => form.fields.includes(name));
  return found.length ? Object.fromEntries(found) : null;
}

/** What stops the trimmed text from being sent, or null. */
function problemOf(field: ReasonField, text: string) {
  if (field.check) return field.check(text);
  const min = field.minLength ?? 1;
  if (!field.required || text.length >= min) return null;
  return min > 1 ? `Please give a reason (at least ${min} characters)` : 'Please give a reason';
}

/**
 * Asks before a final or destructive action, optionally for a reason; stays open and shows the error if it fails: one
 * about the reason under its field, any other once in the dialog (so `onConfirm`'s caller should not toast it too),
 * except one about a field of `form`, which closes the dialog and is shown on that field only.
 */
export function ConfirmDialog({ options, onClose }: { options: ConfirmOptions | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  // What is wrong with the reason, under its field; and a refusal about anything else, in the dialog.
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [warning, setWarning] = useState<{ code: string; message: string } | null>(null);
  const [confirmedCodes, setConfirmedCodes] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const warningText = useRef<HTMLDivElement>(null);
  const reasonArea = useRef<HTMLTextAreaElement>(null);
  const reasonLine = useRef<HTMLInputElement>(null);
  const focusReason = () => (reasonLine.current ?? reasonArea.current)?.focus();
  const errorText = useRef<HTMLParagraphElement>(null);
  // The options of the dialog being closed: its words stay while it fades, and say where the focus goes after.
  const last = useRef(options);
  if (options) last.current = options;
  const shown = options ?? last.current;
  const opened = !!options;
  useLayoutEffect(() => {
    if (opened) setReason(last.current?.reason?.initial ?? '');
  }, [opened]);
  const clear = () => {
    setReason('');
    setReasonError(null);
    setError(null);
    setWarning(null);
    setConfirmedCodes([]);
  };
  const close = () => {
    if (busy) return;
    clear();
    onClose();
  };
  const confirm = async () => {
    if (!options || busy) return;
    const trimmed = reason.trim();
    const problem = options.reason && problemOf(options.reason, trimmed);
    if (problem) {
      // Drawn before the focus arrives, so the field is read out as invalid with its message.
      flushSync(() => {
        setReasonError(problem);
        setError(null);
      });
      return focusReason();
    }
    setBusy(true);
    const confirmed = warning ? [...confirmedCodes, warning.code] : confirmedCodes;
    try {
      await options.onConfirm(trimmed, confirmed);
      setBusy(false);
      clear();
      onClose();
    } catch (err) {
      const warned =
        err instanceof ApiRequestError && options.warning?.codes.includes(err.code) && !confirmed.includes(err.code)
          ? { code: err.code, message: err.message }
          : null;
      // Only a refusal naming the reason's field is about it; any other (a state changed meanwhile) is not.
      const field = options.reason?.name ?? 'reason';
      const aboutReason = !warned && options.reason && err instanceof ApiRequestError ? err.fields[field] : undefined;
      const onForm = !warned && !aboutReason ? aboutForm(options.form, err) : null;
      if (onForm) {
        // Closed first, so that the focus, which `show` moves to the field, is not held in the dialog or taken back.
        flushSync(() => {
          setBusy(false);
          clear();
          onClose();
        });
        return options.form?.show(onForm);
      }
      // The confirm button was disabled while busy, which dropped the focus: it goes to the message, drawn first; a
      // warning's is read before the way past it, so that a second Enter does not confirm it unread.
      flushSync(() => {
        setBusy(false);
        // The last refusal's message replaces the one before, on the field or in the dialog.
        setReasonError(aboutReason ?? null);
        setError(warned || aboutReason ? null : (err as Error).message);
        // A warning shown before goes with any later refusal, and the way past it; those confirmed so far are sent
        // again with the next confirmation.
        setWarning(warned);
        setConfirmedCodes(confirmed);
      });
      if (warned) warningText.current?.focus();
      else if (aboutReason) focusReason();
      else errorText.current?.focus();
    }
  };
  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={shown?.title}
      description={typeof shown?.message === 'string' ? <Text>{shown.message}</Text> : shown?.message}
      centered
      returnFocusTo={() => last.current?.returnFocusTo?.()}
    >
      {options && (
        // A form, so that Enter in a one-line field confirms; buttons and a text area keep their own Enter.
        <DialogForm
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
        >
          <Stack>
            {options.reason && (
              <ReasonInput
                field={options.reason}
                value={reason}
                onChange={(text) => {
                  setReason(text);
                  // The message is about the text as it was: a corrected one is checked again when confirmed.
                  setReasonError(null);
                  setError(null);
                  setWarning(null);
                  setConfirmedCodes([]);
                }}
                error={reasonError}
                lineRef={reasonLine}
                areaRef={reasonArea}
              />
            )}
            {warning && (
              <Alert
                ref={warningText}
                color="yellow"
                role="alert"
                tabIndex={-1}
                icon={<IconAlertTriangle aria-hidden />}
              >
                {warning.message}
              </Alert>
            )}
            {error && (
              <Text c="red" size="sm" role="alert" ref={errorText} tabIndex={-1}>
                {error}
              </Text>
            )}
            <Group justify="flex-end">
              {/* The first focus, unless a reason is asked: Enter straight away must not confirm a final action. */}
              <Button variant="default" onClick={close} disabled={busy} data-autofocus={!options.reason || undefined}>
                Cancel
              </Button>
              <Button type="submit" color={options.danger ? 'red' : undefined} loading={busy}>
                {warning && options.warning ? options.warning.confirmLabel : options.confirmLabel}
              </Button>
            </Group>
          </Stack>
        </DialogForm>
      )}
    </AppModal>
  );
}

/** The reason's field: a text area, or one line for a reference; focused when the dialog opens. */
function ReasonInput(props: {
  field: ReasonField;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  lineRef: Ref<HTMLInputElement>;
  areaRef: Ref<HTMLTextAreaElement>;
}) {
  const { field } = props;
  const common = {
    label: field.label,
    description: field.description,
    placeholder: field.placeholder,
    required: field.required,
    maxLength: field.maxLength ?? 500,
    value: props.value,
    error: props.error,
    'data-autofocus': true,
  };
  if (field.singleLine)
    return <TextInput ref={props.lineRef} {...common} onChange={(e) => props.onChange(e.currentTarget.value)} />;
  const area = (
    <Textarea
      ref={props.areaRef}
      {...common}
      autosize
      minRows={2}
      onChange={(e) => props.onChange(e.currentTarget.value)}
    />
  );
  if (!field.counter) return area;
  return (
    <div>
      {area}
      {/* To see how close the text is to its limit; the field's own limit stops typing past it. */}
      <Text size="xs" c="dimmed" ta="right" aria-hidden>
        {props.value.length} / {common.maxLength}
      </Text>
    </div>
  );
}

/** State for one ConfirmDialog per page: `ask(options)` opens it. */
export function useConfirm() {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  return { ask: setOptions, dialog: <ConfirmDialog options={options} onClose={() => setOptions(null)} /> };
}
