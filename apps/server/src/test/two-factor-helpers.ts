import { expect } from 'vitest';
import type { Role } from '@accountry/shared/roles';
import { TEST_PASSWORD, userWithSession, type Session, type TestContext } from './test-app';
import { post } from '../features/auth/auth-test-helpers';
import { totpCode } from '../features/auth/two-factor-codes';

/** Helpers for the two-factor tests: the endpoints, and a member with it on. */

export const STEP_MS = 30_000;

export const twoFactorCall = (ctx: TestContext, session: Session, url: string, payload: object, ip?: string) =>
  post(ctx, `/api/profile/two-factor${url}`, payload, { headers: session.headers, ip });

export const signInWithCode = (ctx: TestContext, email: string, code?: string, ip?: string) =>
  post(ctx, '/api/auth/signin', { email, password: TEST_PASSWORD, ...(code !== undefined ? { code } : {}) }, { ip });

/** The app's code a step later than any used so far (each step's code works once). */
export function nextCode(ctx: TestContext, key: string) {
  ctx.clock.advance(STEP_MS);
  return totpCode(key, ctx.clock.now());
}

/** The code the latest set-up mailed to the address (decision 175), from its text. */
export async function mailedSetupCode(ctx: TestContext, email: string) {
  const mails = (await ctx.mailsTo(email)).filter(
    (m) => m.subject === 'Your code to turn on two-factor sign-in at Accountry',
  );
  const code = /Enter (\d{6}) in the/.exec(mails.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`no set-up code was mailed to ${email}`);
  return code;
}

/** A member with two-factor sign-in on: their key and recovery codes. */
export async function memberWithTwoFactor(ctx: TestContext, role: Role = 'buyer') {
  const { user, session } = await userWithSession(ctx, role);
  const setup = await twoFactorCall(ctx, session, '/setup', { password: TEST_PASSWORD });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string; uri: string };
  const emailCode = await mailedSetupCode(ctx, user.email);
  const code = totpCode(secret, ctx.clock.now());
  const enabled = await twoFactorCall(ctx, session, '/enable', { code, emailCode });
  expect(enabled.statusCode).toBe(200);
  return { user, session, key: secret, recoveryCodes: enabled.json().recoveryCodes as string[] };
}

/** The mail with this subject to the address (mails queued at one clock time are not delivered in a set order). */
export async function mailTo(ctx: TestContext, email: string, subject: string) {
  return (await ctx.mailsTo(email)).find((m) => m.subject === subject);
}
