import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TEST_PASSWORD, type TestContext } from '../../test/test-app';
import { sessionFrom, signInVia } from './auth-test-helpers';

/**
 * Spec section 9: "Inactivity timeout: 5 hours standard, 5 days with remember me." Five days of inactivity (decision
 * 014), not five days from the sign-in: the browser must keep the remembered session's cookies as long as it is used.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Cookie = { name: string; value: string; expires?: Date };

/** A browser's cookie jar: the latest Set-Cookie of each name wins; a cookie is sent only while not expired. */
class Jar {
  private readonly cookies = new Map<string, Cookie>();
  take(res: { cookies: Cookie[] }) {
    for (const c of res.cookies) this.cookies.set(c.name, c);
  }
  header(now: number) {
    return [...this.cookies.values()]
      .filter((c) => !c.expires || new Date(c.expires).getTime() > now)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }
  expiresAt(name: string) {
    const e = this.cookies.get(name)?.expires;
    return e ? new Date(e).getTime() : undefined;
  }
}

describe('remember me: 5 days of inactivity, not 5 days after the sign-in', () => {
  it('a member using the site every day stays signed in past the fifth day', async () => {
    const user = await createUser(ctx);
    const jar = new Jar();
    const signIn = await signInVia(ctx, user.email, TEST_PASSWORD, { remember: true });
    expect(signIn.statusCode).toBe(200);
    jar.take(signIn);
    expect(jar.header(ctx.clock.now())).toContain(sessionFrom(signIn).cookie);

    // Active once a day for a week: never 5 days without activity.
    for (let day = 1; day <= 7; day++) {
      ctx.clock.advance(DAY_MS);
      const me = await ctx.app.inject({ url: '/api/auth/me', headers: { cookie: jar.header(ctx.clock.now()) } });
      jar.take(me);
      expect(me.json().user?.uid, `signed out on day ${day} after daily use`).toBe(user.id);
    }
    // The cookies the browser holds now last 5 days from the latest activity.
    const fiveDaysOn = Math.floor((ctx.clock.now() + 5 * DAY_MS) / 1000) * 1000;
    expect(jar.expiresAt('sid')).toBeGreaterThanOrEqual(fiveDaysOn);
    expect(jar.expiresAt('csrf_token')).toBeGreaterThanOrEqual(fiveDaysOn);
  });
});
