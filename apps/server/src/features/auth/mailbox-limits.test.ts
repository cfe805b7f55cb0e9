import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@accountry/shared/auth-messages';
import { createTestApp, createUser, type TestContext } from '../../test/test-app';
import { post, signUpVia, uniqueEmail } from './auth-test-helpers';

/**
 * The account mail limits count per mailbox, not per way of writing its address: "name+anything@" reaches the inbox
 * of "name@" at nearly every provider, and Gmail ignores dots, so a stranger must not flood one inbox with forms of it.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const mailsToAny = async (addresses: string[]) => {
  await ctx.deliverMail();
  return ctx.mailer.sent.filter((m) => addresses.includes(m.to));
};
const tagged = (email: string, tags: string[]) => {
  const [local, domain] = email.split('@');
  return tags.map((t) => `${local}+${t}@${domain}`);
};

describe('mail to one mailbox under many forms of its address', () => {
  it('sign-ups with tagged forms: every form gets its account and the same answer, the inbox one mail a minute', async () => {
    const inbox = uniqueEmail('inbox');
    const forms = tagged(inbox, ['a', 'b', 'c', 'd']);
    for (const email of forms) {
      const { res } = await signUpVia(ctx, { email });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ email });
    }
    expect(await mailsToAny(forms)).toHaveLength(1);
    const accounts = await ctx.db.selectFrom('users').select('email').where('email', 'in', forms).execute();
    expect(accounts).toHaveLength(forms.length);
    // A minute on, the next form is mailed again; one left without a link can ask for it again.
    ctx.clock.advance(60_000);
    const [later] = tagged(inbox, ['e']);
    expect((await signUpVia(ctx, { email: later })).res.statusCode).toBe(201);
    expect(await mailsToAny([...forms, later])).toHaveLength(2);
    ctx.clock.advance(60_000);
    expect((await post(ctx, '/api/auth/resend-verification', { email: forms[3] })).statusCode).toBe(200);
    expect((await ctx.mailsTo(forms[3])).map((m) => m.subject)).toContain('Verify your email for Accountry');
  });

  it('Gmail addresses written with dots, or at googlemail.com, are one mailbox', async () => {
    const name = `inboxowner${Date.now().toString(36)}`;
    const forms = [`${name}@gmail.com`, `${name.slice(0, 3)}.${name.slice(3)}@gmail.com`, `${name}+x@googlemail.com`];
    for (const email of forms) expect((await signUpVia(ctx, { email })).res.statusCode).toBe(201);
    expect(await mailsToAny(forms)).toHaveLength(1);
  });

  it('reset links asked for under tagged forms of an address are limited as for the address', async () => {
    const user = await createUser(ctx, { email: uniqueEmail('owner') });
    expect((await post(ctx, '/api/auth/password-reset/request', { email: user.email })).statusCode).toBe(200);
    for (const email of tagged(user.email, ['1', '2'])) {
      const res = await post(ctx, '/api/auth/password-reset/request', { email });
      expect(res.statusCode).toBe(429);
      expect(res.json().error.message).toBe(ACCOUNT_MESSAGES.mailTooSoon);
    }
  });

  it('a sign-up counts toward the new-link limit whether or not the address was taken, so the limit tells nothing', async () => {
    const taken = (await createUser(ctx, { email: uniqueEmail('taken') })).email;
    const free = uniqueEmail('free');
    const statuses = [];
    for (const email of [taken, free]) {
      expect((await signUpVia(ctx, { email })).res.statusCode).toBe(201);
      statuses.push((await post(ctx, '/api/auth/resend-verification', { email })).statusCode);
    }
    expect(statuses).toEqual([429, 429]);
  });
});
