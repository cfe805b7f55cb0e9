import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@accountry/shared/auth-messages';
import { createCountingTestApp } from '../../test/statement-counter';
import { createUser, type TestContext } from '../../test/test-app';
import { newId } from '../../lib/ids';
import { freshIp } from './auth-test-helpers';
import { processResetRequests } from './reset-requests.service';
import { settleAfterReplies } from '../../lib/after-reply';

let ctx: TestContext;
let statements: { count: number };
beforeAll(async () => {
  ({ ctx, statements } = await createCountingTestApp());
});
afterAll(() => ctx.close());

const ask = (email: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/request',
    payload: { email },
    remoteAddress: freshIp(),
  });
const outboxTo = (email: string) => ctx.db.selectFrom('mailOutbox').select('id').where('to', '=', email).execute();

/** The statements a reset request runs before its reply. */
async function statementsOfRequest(email: string) {
  const before = statements.count;
  const res = await ask(email);
  const counted = statements.count - before;
  expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.resetRequested });
  // The link is made and mailed after the reply, from the request kept before it.
  await settleAfterReplies(ctx.deps);
  return counted;
}

describe('asking for a reset link takes the same work for any address (decision 227)', () => {
  it('runs the same statements before replying for an address with an account and one without', async () => {
    const known = (await createUser(ctx)).email;
    const knownWork = await statementsOfRequest(known);
    const unknownWork = await statementsOfRequest(`nobody-${newId().slice(0, 8).toLowerCase()}@example.test`);
    expect(knownWork).toBe(unknownWork);
    expect(await outboxTo(known)).toHaveLength(1);
    expect(await ctx.db.selectFrom('passwordResetRequests').select('id').execute()).toEqual([]);
  });

  it('mails a request that a stopped process answered but never worked on, and only once', async () => {
    const known = (await createUser(ctx)).email;
    const unknown = 'left-behind@example.test';
    const now = ctx.clock.now();
    await ctx.db
      .insertInto('passwordResetRequests')
      .values([
        { id: newId(), email: known, createdAt: now },
        { id: newId(), email: unknown, createdAt: now },
      ])
      .execute();
    await Promise.all([processResetRequests(ctx.deps), processResetRequests(ctx.deps)]);
    expect(await outboxTo(known)).toHaveLength(1);
    expect(await outboxTo(unknown)).toEqual([]);
    expect(await ctx.db.selectFrom('passwordResetRequests').select('id').execute()).toEqual([]);
  });
});

describe('asking for a new verification link takes the same work for any address (decision 227, amended)', () => {
  async function statementsOfResend(email: string) {
    const before = statements.count;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email },
      remoteAddress: freshIp(),
    });
    const counted = statements.count - before;
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.verificationResent });
    await settleAfterReplies(ctx.deps);
    return counted;
  }

  it('runs the same statements before replying for an unverified, a verified and an unknown address', async () => {
    const unverified = (await createUser(ctx, { emailVerified: false })).email;
    const verified = (await createUser(ctx)).email;
    const unverifiedWork = await statementsOfResend(unverified);
    const verifiedWork = await statementsOfResend(verified);
    const unknownWork = await statementsOfResend(`nobody-${newId().slice(0, 8).toLowerCase()}@example.test`);
    expect([verifiedWork, unknownWork]).toEqual([unverifiedWork, unverifiedWork]);
    // The link is made and mailed after the reply, to the unverified account alone.
    expect(await outboxTo(unverified)).toHaveLength(1);
    expect(await outboxTo(verified)).toEqual([]);
  });
});
