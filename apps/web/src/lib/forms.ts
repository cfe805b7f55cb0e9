import type { z } from 'zod';
import { flushSync } from 'react-dom';

/** First message per field from a zod error, keyed like the server's `fields`. */
export function zodFieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    if (!fields[key]) fields[key] = issue.message;
  }
  return fields;
}

/**
 * The first message a schema gives for a value, in the shared rule's own words, or null when it takes it: a field's
 * check before sending what the server would refuse.
 */
export const schemaProblem = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message ?? null;

/**
 * Shows what `apply` sets (a form's errors), then takes the focus to the first invalid field, where its message is
 * read out, or else to the form's own message (`data-form-error`). `apply` runs synchronously (flushSync), so the
 * field is marked invalid when the focus arrives; a radio group gives the focus to its first radio.
 */
export function focusFirstError(form: HTMLElement | null, apply: () => void) {
  flushSync(apply);
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-form-error]');
  const target =
    first?.getAttribute('role') === 'radiogroup'
      ? first.querySelector<HTMLElement>('input[type="radio"]:not([value="0"])')
      : first;
  target?.focus();
}
