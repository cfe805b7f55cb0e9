import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createUser, createTestApp, type TestContext } from '../../test/test-app';
import { freshIp, post } from './auth-test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://market.example' });
});
afterAll(() => ctx.close());

const SUBJECT = 'New sign-in to your Accountry account';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** A sign-in from a browser holding `device` (its device cookie), or a fresh browser; returns the cookie it keeps. */
async function signInFrom(email: string, device?: string, ip = freshIp()) {
  const res = await post(
    ctx,
    '/api/auth/signin',
    { email, password: TEST_PASSWORD },
    { ip, headers: { 'user-agent': FIREFOX, ...(device ? { cookie: `device=${device}` } : {}) } },
  );
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'device');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  return cookie!.value;
}
const newDeviceMails = async (email: string) => (await ctx.mailsTo(email)).filter((m) => m.subject === SUBJECT);

describe('a sign-in from a new browser', () => {
  it('is mailed to the owner, except the first and the ones from a browser used before', async () => {
    const user = await createUser(ctx, { role: 'buyer' });
    const laptop = await signInFrom(user.email);
    expect(await newDeviceMails(user.email)).toHaveLength(0);
    expect(await signInFrom(user.email, laptop)).toBe(laptop);
    expect(await newDeviceMails(user.email)).toHaveLength(0);

    const phone = await signInFrom(user.email, undefined, '198.51.100.23');
    expect(phone).not.toBe(laptop);
    const [mail] = await newDeviceMails(user.email);
    expect(mail.text).toContain(
      'Your account was signed in to from a browser it had not used before: Firefox on a desktop, from the address ' +
        '198.51.100.23, on',
    );
    expect(mail.text).toContain('If it was you, there is nothing to do. If not, change your password now');
    expect(mail.text).toContain('remove any passkey you do not recognise, and turn on two-factor sign-in.');
    await signInFrom(user.email, phone);
    await signInFrom(user.email, laptop);
    expect(await newDeviceMails(user.email)).toHaveLength(1);
  });

  it('a browser another account used is new to this one; a forged cookie is replaced', async () => {
    const a = await createUser(ctx, { role: 'buyer' });
    const b = await createUser(ctx, { role: 'buyer' });
    const shared = await signInFrom(a.email);
    await signInFrom(b.email);
    expect(await signInFrom(b.email, shared)).toBe(shared);
    expect(await newDeviceMails(b.email)).toHaveLength(1);
    const forged = await signInFrom(b.email, 'not a token');
    expect(forged).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await newDeviceMails(b.email)).toHaveLength(2);
  });

  it('keeps the 20 most recently used browsers of an account', async () => {
    const user = await createUser(ctx, { role: 'buyer' });
    const first = await signInFrom(user.email);
    for (let i = 0; i < 20; i++) {
      ctx.clock.advance(1000);
      await signInFrom(user.email);
    }
    const rows = await ctx.db.selectFrom('knownDevices').select('deviceHash').where('userId', '=', user.id).execute();
    expect(rows).toHaveLength(20);
    const before = (await newDeviceMails(user.email)).length;
    await signInFrom(user.email, first);
    expect(await newDeviceMails(user.email)).toHaveLength(before + 1);
  });
});
