import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Alert, Button, Group, Select, Stack, Textarea } from '@mantine/core';
import { ADMIN_MESSAGES } from '@accountry/shared/admin-messages';
import { CHANGED_MEANWHILE } from '@accountry/shared/api-error';
import {
  REPORT_STATUSES,
  REPORT_STATUS_LABELS,
  reviewInputSchema,
  type ReportStatus,
  type ReviewInput,
} from '@accountry/shared/admin-reports';
import { ApiRequestError } from '../../../lib/api';
import { focusFirstError, zodFieldErrors } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { SavedMeanwhile } from './saved-meanwhile';

/** A review's status and note, as the server gave them. */
export interface ReviewState {
  status: ReportStatus;
  note: string;
}

/** A review refused because another admin changed its note or status after this admin opened it (409). */
export const isStaleReview = (err: Error) =>
  err instanceof ApiRequestError &&
  err.status === 409 &&
  (err.message === ADMIN_MESSAGES.noteChangedMeanwhile || err.message === CHANGED_MEANWHILE);

const same = (a: ReviewState, b: ReviewState) => a.status === b.status && a.note === b.note;

/**
 * Status and note of a report or rate-us submission. A note is sent with the note the admin started from
 * (`noteSeen`); when another admin saved theirs meanwhile the save is refused, and the admin can load the saved review
 * without losing what they typed, then save over the note they have now seen.
 */
export function ReviewForm({
  current,
  onSave,
  onReload,
  saving,
}: {
  /** The review as the server last gave it. */
  current: ReviewState;
  onSave: (input: ReviewInput) => Promise<ReviewState>;
  /** Reads the saved review again. */
  onReload: () => Promise<ReviewState>;
  saving: boolean;
}) {
  // What the admin started from: a save sends its note as `noteSeen`.
  const [base, setBase] = useState(current);
  const [values, setValues] = useState(current);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState<string | null>(null);
  const [saved, setSaved] = useState<ReviewState | null>(null);
  const [reloading, setReloading] = useState(false);
  const changed = values.status !== base.status || values.note.trim() !== base.note;
  // A newer review from the server (another admin's, seen on a refetch) replaces an untouched form.
  const [given, setGiven] = useState(current);
  if (!same(given, current)) {
    setGiven(current);
    if (!changed && !stale && !saved) {
      setBase(current);
      setValues(current);
    }
  }
  const form = useRef<HTMLFormElement>(null);
  const savedRef = useRef<HTMLDivElement>(null);
  // The focus goes to the first field to fix, where its message is read out.
  const showErrors = (next: Record<string, string>) => focusFirstError(form.current, () => setErrors(next));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const noteChanged = values.note.trim() !== base.note;
    const parsed = reviewInputSchema.safeParse({
      ...(values.status !== base.status ? { status: values.status } : {}),
      ...(noteChanged ? { note: values.note, noteSeen: base.note } : {}),
    });
    if (!parsed.success) return showErrors(zodFieldErrors(parsed.error));
    setErrors({});
    try {
      const after = await onSave(parsed.data);
      setBase(after);
      setValues(after);
      setStale(null);
      setSaved(null);
    } catch (err) {
      if (!(err instanceof ApiRequestError)) return;
      if (isStaleReview(err)) {
        setSaved(null);
        return focusFirstError(form.current, () => setStale(err.message));
      }
      showErrors(err.fields);
    }
  };

  const reload = async () => {
    setReloading(true);
    try {
      const fresh = await onReload();
      // What the admin changed stays in the form; what they left untouched follows the saved review.
      flushSync(() => {
        setValues((v) => ({
          status: v.status === base.status ? fresh.status : v.status,
          note: v.note.trim() === base.note ? fresh.note : v.note,
        }));
        setBase(fresh);
        setStale(null);
        setSaved(fresh);
      });
      // Read out first: what the other admin saved.
      savedRef.current?.focus();
    } catch (err) {
      // The refusal and its button stay, to try again.
      toast.error((err as Error).message);
    } finally {
      setReloading(false);
    }
  };

  return (
    <form ref={form} onSubmit={submit} aria-label="Review">
      <Stack gap="sm">
        {stale && (
          <Alert color="orange" role="alert" tabIndex={-1} data-form-error>
            <Stack gap="xs" align="flex-start">
              {stale}
              <Button size="xs" variant="light" onClick={reload} loading={reloading}>
                Show the saved review
              </Button>
            </Stack>
          </Alert>
        )}
        {saved && <SavedMeanwhile ref={savedRef} saved={saved} />}
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
