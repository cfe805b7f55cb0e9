import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@accountry/shared/two-factor';

/** The codes themselves (decision 168): TOTP per RFC 6238 through otpauth, and the recovery codes' form. */

const ISSUER = 'Accountry';
/** Codes of the step before and after are accepted too: phones' clocks drift. */
const WINDOW = 1;

export const newAuthenticatorKey = () => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an authenticator app reads from the QR code. */
export const authenticatorUri = (key: string, email: string) =>
  new TOTP({
    issuer: ISSUER,
    label: email,
    secret: Secret.fromBase32(key),
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  }).toString();

/** The code for a time (tests and scripts act as the authenticator app). */
export const totpCode = (key: string, timestamp: number) =>
  TOTP.generate({ secret: Secret.fromBase32(key), digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, timestamp });

/** The time step a typed code belongs to, or null when it is no current code of the key. */
export function acceptedStep(key: string, typed: string, now: number): number | null {
  const token = typed.replace(/\s+/g, '');
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(token)) return null;
  const secret = Secret.fromBase32(key);
  const delta = TOTP.validate({
    token,
    secret,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    timestamp: now,
    window: WINDOW,
  });
  return delta === null ? null : TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now }) + delta;
}

/** Only digits (and spaces) is an app code; anything else is read as a recovery code. */
export const looksLikeAppCode = (typed: string) => /^[\d\s]+$/.test(typed);

// No 0/o, 1/l/i: a code read off paper is typed back without guessing.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 10;

/** Ten codes of ten characters (about 49 bits each), shown as "abcde-fghjk". */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as typed (any case, dashes and spaces ignored) in its stored form, or null when it cannot be one. */
export function normalRecoveryCode(typed: string): string | null {
  const code = typed.toLowerCase().replace(/[\s-]+/g, '');
  return code.length === CODE_LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

/** The 6 digits mailed at a set-up (decision 175). */
export const newEmailCode = () => String(randomInt(1_000_000)).padStart(6, '0');

/** A typed mailed code in the form it was made: spaces and dashes left out. */
export const normalEmailCode = (typed: string) => typed.replace(/[\s-]/g, '');
