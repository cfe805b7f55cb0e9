import { expect } from 'vitest';
import { TEST_PASSWORD, type Session, type TestContext } from './test-app';
import { mailTo } from './two-factor-helpers';
import { post, tokenFrom } from '../features/auth/auth-test-helpers';

/**
 * Move an account (two-factor sign-in off) to `next` with the password and the link mailed there, and return the
 * token of the undo link the address it left was sent (decision 177).
 */
export async function moveAddress(ctx: TestContext, session: Session, userId: string, next: string) {
  const asked = await post(ctx, '/api/profile/email', { email: next, password: TEST_PASSWORD }, session);
  expect(asked.statusCode, asked.body).toBe(200);
  const { email: left } = await ctx.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const token = tokenFrom(await ctx.lastMail(next), '/confirm-email');
  const confirmed = await post(ctx, '/api/auth/confirm-email-change', { token });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  // The mail limit allows one change mail a minute per address.
  ctx.clock.advance(2 * 60_000);
  return tokenFrom(await mailTo(ctx, left, 'Your Accountry email address was changed'), '/undo-email-change');
}

export const undoAddressChange = (ctx: TestContext, token: string, password: string) =>
  post(ctx, '/api/auth/undo-email-change', { token, password });
