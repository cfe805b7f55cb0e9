import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCountingTestApp } from '../../test/statement-counter';
import { createUser, signInAs, TEST_PASSWORD, type TestContext } from '../../test/test-app';
import { settleAfterReplies } from '../../lib/after-reply';
import { newId } from '../../lib/ids';
import { freshIp, STRONG_PASSWORD } from './auth-test-helpers';

// Decision 227: what a request does before its reply must not depend on whether the address has an account. Counted
// in statements: a gap of a few was measurable from outside.
let ctx: TestContext;
let statements: { count: number };
beforeAll(async () => {
  ({ ctx, statements } = await createCountingTestApp());
});
afterAll(() => ctx.close());

const nobody = () => `nobody-${newId().slice(0, 8).toLowerCase()}@example.test`;

describe('sign-up takes the same work for a taken address and a new one (decision 227)', () => {
  async function statementsOfSignUp(email: string) {
    const before = statements.count;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: STRONG_PASSWORD, displayName: 'Some One', role: 'buyer' },
      remoteAddress: freshIp(),
    });
    const counted = statements.count - before;
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ email });
    await settleAfterReplies(ctx.deps);
    return counted;
  }

  it('runs the same statements before replying for an address with an account and one without', async () => {
    const taken = (await createUser(ctx)).email;
    await statementsOfSignUp(nobody()); // warm-up
    const newWork = await statementsOfSignUp(nobody());
    const takenWork = await statementsOfSignUp(taken);
    const newAgain = await statementsOfSignUp(nobody());
    expect([takenWork, newAgain]).toEqual([newWork, newWork]);
  });
});

describe('asking to change the address takes the same work whether another account holds it', () => {
  async function statementsOfChange(email: string) {
    const user = await createUser(ctx);
    const session = await signInAs(ctx, user.id);
    const before = statements.count;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/email',
      payload: { email, password: TEST_PASSWORD },
      headers: session.headers,
      remoteAddress: freshIp(),
    });
    const counted = statements.count - before;
    expect(res.statusCode).toBe(200);
    await settleAfterReplies(ctx.deps);
    return counted;
  }

  it('runs the same statements before replying for a taken address and a free one', async () => {
    const taken = (await createUser(ctx)).email;
    // Free first, so nothing the first request warms favours the taken address.
    await statementsOfChange(nobody()); // warm-up
    const freeWork = await statementsOfChange(nobody());
    const takenWork = await statementsOfChange(taken);
    expect(takenWork).toBe(freeWork);
  });
});
