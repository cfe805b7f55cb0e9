import { z } from 'zod';
import { SIGN_IN_MESSAGES } from './auth-messages';
import { isReservedDisplayName } from './reserved-names';

/** Field rules for accounts (decision record 010). */
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;
export const DISPLAY_NAME_MIN = 2;
export const DISPLAY_NAME_MAX = 40;
export const PHONE_MAX = 25;
export const PHONE_DIGITS_MIN = 7;
export const PHONE_DIGITS_MAX = 15;
export const DEFAULT_DISPLAY_NAME = 'Anonymous';

export const FIELD_MESSAGES = {
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters`,
  passwordNeedsLetter: 'Password must contain a letter',
  passwordNeedsOther: 'Password must contain a number or a symbol',
  passwordTooSimple: 'Password must use at least 5 different characters',
  passwordTooCommon: 'This password is too common. Choose one that is harder to guess.',
  passwordContainsEmail: 'Password must not contain your email address',
  passwordsDiffer: 'The passwords do not match',
  displayNameLength: `Display name must be ${DISPLAY_NAME_MIN} to ${DISPLAY_NAME_MAX} characters`,
  displayNameChars: "Display name may use letters, numbers, spaces and . _ - ' only",
  displayNameReserved: 'Display name must not look like Accountry or its staff (such as admin, moderator or support)',
  phoneInvalid: `Enter a valid phone number: ${PHONE_DIGITS_MIN} to ${PHONE_DIGITS_MAX} digits, optionally starting with +`,
} as const;

/** Passwords that pass the other rules but appear at the top of every breach list. */
const COMMON_PASSWORDS = new Set([
  'password123',
  'password1234',
  'password12345',
  'passw0rd123',
  'p@ssw0rd123',
  'qwerty12345',
  'qwerty123456',
  'qwertyuiop1',
  '1q2w3e4r5t',
  '1qaz2wsx3edc',
  'iloveyou123',
  'welcome123',
  'welcome1234',
  'letmein123',
  'admin12345',
  'admin123456',
  'abc1234567',
  'abcd123456',
  'football123',
  'baseball123',
  'monkey12345',
  'dragon12345',
  'sunshine123',
  'princess123',
  'trustno1234',
  'changeme123',
  'accountry123',
  'marketplace1',
]);

/** Every rule a new password breaks (empty when it is acceptable). */
export function passwordProblems(password: string, email?: string): string[] {
  if (password.length === 0) return [FIELD_MESSAGES.passwordRequired];
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN) problems.push(FIELD_MESSAGES.passwordTooShort);
  if (password.length > PASSWORD_MAX) problems.push(FIELD_MESSAGES.passwordTooLong);
  if (!/\p{L}/u.test(password)) problems.push(FIELD_MESSAGES.passwordNeedsLetter);
  if (!/[^\p{L}]/u.test(password)) problems.push(FIELD_MESSAGES.passwordNeedsOther);
  if (new Set(password).size < 5) problems.push(FIELD_MESSAGES.passwordTooSimple);
  if (COMMON_PASSWORDS.has(password.toLowerCase())) problems.push(FIELD_MESSAGES.passwordTooCommon);
  if (containsEmail(password, email)) problems.push(FIELD_MESSAGES.passwordContainsEmail);
  return problems;
}

/** Whether the password holds the address's name part (four characters or more, any case). */
function containsEmail(password: string, email: string | undefined) {
  const local = email?.split('@')[0]?.toLowerCase() ?? '';
  return local.length >= 4 && password.toLowerCase().includes(local);
}

/** The checklist shown under the new-password field. */
export const PASSWORD_CHECKS: Array<{ label: string; test: (pw: string) => boolean }> = [
  {
    label: `At least ${PASSWORD_MIN} characters`,
    test: (pw) => pw.length >= PASSWORD_MIN && pw.length <= PASSWORD_MAX,
  },
  { label: 'A letter', test: (pw) => /\p{L}/u.test(pw) },
  { label: 'A number or a symbol', test: (pw) => /[^\p{L}]/u.test(pw) },
];

/** The checklist for an account whose address is known: the rules above, and not the address itself. */
export const passwordChecksFor = (email: string | undefined) =>
  email && email.split('@')[0]!.length >= 4
    ? [...PASSWORD_CHECKS, { label: 'Not your email address', test: (pw: string) => !containsEmail(pw, email) }]
    : PASSWORD_CHECKS;

/** Trimmed and lower-cased, so one address is one account however it is typed. */
export const emailSchema = z
  .string({ error: SIGN_IN_MESSAGES.invalidEmail })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, SIGN_IN_MESSAGES.invalidEmail)
  .regex(z.regexes.email, SIGN_IN_MESSAGES.invalidEmail);

/** A password being checked (sign-in, current password): any text within bounds, never trimmed. */
export const passwordSchema = z
  .string({ error: FIELD_MESSAGES.passwordRequired })
  .min(1, FIELD_MESSAGES.passwordRequired)
  .max(PASSWORD_MAX, FIELD_MESSAGES.passwordTooLong);

/** A password being chosen: the strength rules (the email rule is checked where the address is known). */
export const newPasswordSchema = z.string({ error: FIELD_MESSAGES.passwordRequired }).superRefine((pw, ctx) => {
  const first = passwordProblems(pw)[0];
  if (first) ctx.addIssue({ code: 'custom', message: first });
});

const DISPLAY_NAME_RE = /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} ._'-]*$/u;

/** A form's live word on a name that claims to be the site's or its staff's (decision 224), as it is typed. */
export const reservedNameProblem = (name: string) =>
  isReservedDisplayName(name) ? FIELD_MESSAGES.displayNameReserved : undefined;

/** Trimmed, inner runs of whitespace collapsed to one space; never a name claiming to be the site's (decision 224). */
export const displayNameSchema = z
  .string({ error: FIELD_MESSAGES.displayNameLength })
  .trim()
  .overwrite((v) => v.replace(/\s+/g, ' '))
  .min(DISPLAY_NAME_MIN, FIELD_MESSAGES.displayNameLength)
  // Zod runs the checks after a failed one too: a name over the length is not read any further.
  .max(DISPLAY_NAME_MAX, { error: FIELD_MESSAGES.displayNameLength, abort: true })
  .regex(DISPLAY_NAME_RE, FIELD_MESSAGES.displayNameChars)
  .refine((v) => !isReservedDisplayName(v), FIELD_MESSAGES.displayNameReserved);

const PHONE_RE = /^\+?[\d(][\d ()\-.]*$/;

export function isValidPhoneNumber(v: string) {
  if (v === '') return true;
  const digits = v.replace(/\D/g, '').length;
  return v.length <= PHONE_MAX && PHONE_RE.test(v) && digits >= PHONE_DIGITS_MIN && digits <= PHONE_DIGITS_MAX;
}

/** Optional: empty means none (the spec's default). Kept as typed, with whitespace tidied. */
export const phoneNumberSchema = z
  .string({ error: FIELD_MESSAGES.phoneInvalid })
  .trim()
  .overwrite((v) => v.replace(/\s+/g, ' '))
  .max(PHONE_MAX, FIELD_MESSAGES.phoneInvalid)
  .refine(isValidPhoneNumber, FIELD_MESSAGES.phoneInvalid);

/** "j•••@example.com": enough for a person to recognise their address, not enough to harvest it. */
export function maskEmail(email: string) {
  const [local, domain] = email.split('@');
  if (!domain) return '•••';
  return `${local.slice(0, 1)}•••@${domain}`;
}
