import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { ApiRequestError } from '../../lib/api';
import { focusLost, openerOf, stillThere } from '../../lib/use-focus-return';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** Red for destructive actions. */
  danger?: boolean;
  /** Ask for a reason: 'required' blocks confirming without one. */
  reason?: { label: string; description?: string; required?: boolean; minLength?: number; placeholder?: string };
  onConfirm: (reason: string) => Promise<unknown>;
  /** Where the focus goes after closing when the button that opened the dialog is gone or disabled (the action did it). */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

/** Asks before a final or destructive action, optionally for a reason; stays open and shows the error if it fails. */
export function ConfirmDialog({ options, onClose }: { options: ConfirmOptions | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const errorText = useRef<HTMLParagraphElement>(null);
  // The options of the dialog being closed: they are gone by the time its closing transition ends.
  const last = useRef(options);
  if (options) last.current = options;
  // The control that opened it (a menu item's menu button), taken before the dialog moves the focus.
  const opener = useRef<HTMLElement | null>(null);
  const opened = !!options;
  useLayoutEffect(() => {
    if (opened) opener.current = openerOf(document.activeElement);
  }, [opened]);
  const returnFocus = () => {
    const closed = last.current;
    last.current = null;
    if (focusLost()) (stillThere(opener.current) ?? closed?.returnFocusTo?.())?.focus();
  };
  // The action may take away the part of the page the dialog is in (a decided dispute's form): the focus goes on.
  useEffect(
    () => () => {
      if (last.current) requestAnimationFrame(returnFocus);
    },
    [],
  );
  const close = () => {
    if (busy) return;
    setReason('');
    setError(null);
    onClose();
  };
  const confirm = async () => {
    if (!options) return;
    const trimmed = reason.trim();
    const min = options.reason?.minLength ?? 1;
    if (options.reason?.required && trimmed.length < min) {
      // Drawn before the focus arrives, so the field is read out as invalid with its message.
      flushSync(() => setError(min > 1 ? `Please give a reason (at least ${min} characters)` : 'Please give a reason'));
      return reasonField.current?.focus();
    }
    setBusy(true);
    try {
      await options.onConfirm(trimmed);
      setBusy(false);
      setReason('');
      setError(null);
      onClose();
    } catch (err) {
      // The confirm button was disabled while busy, which dropped the focus: it goes to the message, drawn first.
      flushSync(() => {
        setBusy(false);
        setError(err instanceof ApiRequestError ? (err.fields.reason ?? err.message) : (err as Error).message);
      });
      (options.reason ? reasonField.current : errorText.current)?.focus();
    }
  };
  return (
    <Modal
      opened={!!options}
      onClose={close}
      title={options?.title}
      centered
      // Mantine gives the focus back to what had it, which a menu item or a disabled button cannot take.
      onExitTransitionEnd={returnFocus}
    >
      {options && (
        <Stack>
          {typeof options.message === 'string' ? <Text>{options.message}</Text> : options.message}
          {options.reason && (
            <Textarea
              ref={reasonField}
              label={options.reason.label}
              description={options.reason.description}
              placeholder={options.reason.placeholder}
              required={options.reason.required}
              autosize
              minRows={2}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={error}
              data-autofocus
            />
          )}
          {!options.reason && error && (
            <Text c="red" size="sm" role="alert" ref={errorText} tabIndex={-1}>
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            {/* The first focus, unless a reason is asked: Enter straight away must not confirm a final action. */}
            <Button variant="default" onClick={close} disabled={busy} data-autofocus={!options.reason || undefined}>
              Cancel
            </Button>
            <Button color={options.danger ? 'red' : undefined} onClick={confirm} loading={busy}>
              {options.confirmLabel}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** State for one ConfirmDialog per page: `ask(options)` opens it. */
export function useConfirm() {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  return { ask: setOptions, dialog: <ConfirmDialog options={options} onClose={() => setOptions(null)} /> };
}
