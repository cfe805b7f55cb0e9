import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@accountry/shared/constants';
import type { Mail } from '../../email/mailer';
import type { TestContext } from '../../test/test-app';
import { settleAfterReplies } from '../../lib/after-reply';

/** Helpers for the auth integration tests: drive the real endpoints and read what they leave behind. */

let ipCounter = 0;
/** A fresh client address, so the per-IP request limits of one test never spill into another. */
export const freshIp = () => `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

let netCounter = 0;
/** A fresh IPv6 /64 (one subscriber's network), as its first four groups: `${net}::1` is an address in it. */
export const freshIpv6Net = () => `2001:db8:${(netCounter >> 16).toString(16)}:${(netCounter++ & 0xffff).toString(16)}`;

export const STRONG_PASSWORD = 'Tangerine-Comet-58';

let n = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}${n++}@example.test`;

/** The single-use token in a mailed link to the page (e.g. '/verification-sent'). */
export function tokenFrom(mail: Mail | undefined, page: string): string {
  const m = mail?.text.match(new RegExp(`${page}\\?token=([A-Za-z0-9_-]+)`));
  if (!m) throw new Error(`no ${page} link in the mail`);
  return m[1];
}

export async function post(
  ctx: TestContext,
  url: string,
  payload: unknown,
  opts: { headers?: Record<string, string>; ip?: string } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: opts.headers,
    remoteAddress: opts.ip ?? freshIp(),
  });
}

export async function signUpVia(ctx: TestContext, over: Record<string, unknown> = {}) {
  const body = { email: uniqueEmail(), password: STRONG_PASSWORD, displayName: 'New Member', role: 'buyer', ...over };
  const res = await post(ctx, '/api/auth/signup', body);
  // The account is made after the reply (decision 227).
  await settleAfterReplies(ctx.deps);
  return { res, body: body as typeof body & { email: string; password: string } };
}

/** Sign up and verify, returning the email and password of a ready account. */
export async function verifiedAccount(ctx: TestContext, over: Record<string, unknown> = {}) {
  const { res, body } = await signUpVia(ctx, over);
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.body}`);
  const verified = await post(ctx, '/api/auth/verify-email', {
    token: tokenFrom(await ctx.lastMail(body.email), '/verification-sent'),
  });
  if (verified.statusCode !== 200) throw new Error(`verification failed: ${verified.body}`);
  return body;
}

/** The cookie header and CSRF header of a session started by a sign-in response. */
export function sessionFrom(res: { cookies: Array<{ name: string; value: string }> }) {
  const sid = res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
  const csrf = res.cookies.find((c) => c.name === CSRF_COOKIE)?.value;
  if (!sid || !csrf) throw new Error('no session cookies');
  const cookie = `${SESSION_COOKIE}=${sid}; ${CSRF_COOKIE}=${csrf}`;
  return { cookie, csrf, headers: { cookie, [CSRF_HEADER]: csrf } };
}

export async function signInVia(
  ctx: TestContext,
  email: string,
  password: string,
  opts: { remember?: boolean; ip?: string } = {},
) {
  return post(
    ctx,
    '/api/auth/signin',
    { email, password, ...(opts.remember !== undefined ? { remember: opts.remember } : {}) },
    { ip: opts.ip },
  );
}

export async function countRows(ctx: TestContext, table: 'users' | 'sessions' | 'authTokens' | 'mailOutbox') {
  const row = await ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
