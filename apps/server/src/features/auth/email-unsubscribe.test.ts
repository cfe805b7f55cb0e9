import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertDeletedUser, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { unsubscribeLinks, type UnsubscribeSubject } from '../../email/unsubscribe-links';
import { newId } from '../../lib/ids';

/** The Unsubscribe links of optional mail (decision 216): one click from a mail app, or the page, stops that mail. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://market.example' });
});
afterAll(() => ctx.close());

type Member = Awaited<ReturnType<typeof userWithSession>>;
const INVALID = 'This unsubscribe link is not valid. You can choose which emails you get in your profile.';

/** The URL a mail app posts to, from the List-Unsubscribe header, as a path the test app takes. */
function oneClickPath(subject: UnsubscribeSubject) {
  const { headers } = unsubscribeLinks(ctx.deps)(subject);
  expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const url = new URL(headers['List-Unsubscribe']!.slice(1, -1));
  expect(url.origin).toBe('https://market.example');
  return `${url.pathname}${url.search}`;
}
const tokenOf = (subject: UnsubscribeSubject) => new URL(oneClickPath(subject), 'http://x').searchParams.get('token')!;

/** A mail app's one-click POST (RFC 8058): a form body, no cookie, no header of ours. */
const oneClick = (path: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: 'List-Unsubscribe=One-Click',
  });
const status = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/email/unsubscribe/status', payload: { token } });
const preferences = async (session: Session) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/profile/email-preferences', headers: session.headers })).json();

describe('one-click unsubscribe', () => {
  let member: Member;
  beforeAll(async () => {
    member = await userWithSession(ctx, 'buyer');
  });

  it('turns the mail off without a session, says which mail, and a repeat changes nothing', async () => {
    const path = oneClickPath({ userId: member.user.id, topic: 'priceDrops' });
    const first = await oneClick(path);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ topic: 'priceDrops', mail: "emails when a favorite's price drops" });
    expect(await preferences(member.session)).toEqual({ unreadMessages: true, priceDrops: false });
    const again = await oneClick(path);
    expect(again.statusCode).toBe(200);
    expect(await preferences(member.session)).toEqual({ unreadMessages: true, priceDrops: false });
  });

  it('takes a multipart body, and a signed-in browser needs no CSRF header for it', async () => {
    const path = oneClickPath({ userId: member.user.id, topic: 'unreadMessages' });
    const boundary = 'x-boundary';
    const multipart = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    expect(multipart.json()).toEqual({ topic: 'unreadMessages', mail: 'emails about unread messages' });
    const { 'x-csrf-token': _csrf, ...cookieOnly } = member.session.headers as Record<string, string>;
    expect((await oneClick(path, cookieOnly)).statusCode).toBe(200);
    expect(await preferences(member.session)).toEqual({ unreadMessages: false, priceDrops: false });
  });

  it("status names the mail and changes nothing; an admin's task mail is theirs to stop", async () => {
    const admin = await userWithSession(ctx, 'admin');
    const token = tokenOf({ userId: admin.user.id, topic: 'adminWaiting' });
    const described = await status(token);
    expect(described.statusCode, described.body).toBe(200);
    expect(described.json()).toEqual({ topic: 'adminWaiting', mail: 'emails about work waiting for admins' });
    expect(await preferences(admin.session)).toEqual({ unreadMessages: true, adminWaiting: true, priceDrops: true });
    expect((await oneClick(oneClickPath({ userId: admin.user.id, topic: 'adminWaiting' }))).statusCode).toBe(200);
    expect(await preferences(admin.session)).toEqual({ unreadMessages: true, adminWaiting: false, priceDrops: true });
  });

  it('refuses a token altered to speak for another member or mail, or cut short, and changes nothing', async () => {
    const victim = await userWithSession(ctx, 'buyer');
    const token = tokenOf({ userId: member.user.id, topic: 'priceDrops' });
    const [, mac] = token.split('.');
    const forged = (text: string) => `${Buffer.from(text).toString('base64url')}.${mac}`;
    const tries = [
      forged(`priceDrops\n${victim.user.id}\n`),
      forged(`unreadMessages\n${member.user.id}\n`),
      token.slice(0, -2),
      `${token}.x`,
      'not-a-token-at-all',
    ];
    for (const attempt of tries) {
      const res = await oneClick(`/api/email/unsubscribe?token=${encodeURIComponent(attempt)}`);
      expect(res.statusCode, attempt).toBe(404);
      expect(res.json().error.message).toBe(INVALID);
      expect((await status(attempt.padEnd(20, 'x'))).statusCode).toBe(404);
    }
    expect(await preferences(victim.session)).toEqual({ unreadMessages: true, priceDrops: true });
    const tooLong = await oneClick(`/api/email/unsubscribe?token=${'a'.repeat(601)}`);
    expect(tooLong.statusCode).toBe(400);
    expect((await oneClick('/api/email/unsubscribe')).statusCode).toBe(400);
  });

  it("refuses a deleted account's link", async () => {
    const gone = await userWithSession(ctx, 'buyer');
    await insertDeletedUser(ctx.db, gone.user);
    const res = await oneClick(oneClickPath({ userId: gone.user.id, topic: 'priceDrops' }));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(INVALID);
  });
});

describe("a saved search's link", () => {
  it("turns that search's alerts off, keeps the search, and names it", async () => {
    const member = await userWithSession(ctx, 'buyer');
    const save = (query: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/saved-searches',
        headers: member.session.headers,
        payload: { query },
      });
    const kept = (await save('platform=valorant')).json();
    const other = (await save('platform=fortnite')).json();
    const subject = { userId: member.user.id, topic: 'savedSearch', savedSearchId: kept.id } as const;

    const described = await status(tokenOf(subject));
    expect(described.json()).toEqual({
      topic: 'savedSearch',
      mail: `new listing emails for your saved search ${kept.label}`,
    });
    const res = await oneClick(oneClickPath(subject));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(described.json());
    const list = await ctx.app.inject({ method: 'GET', url: '/api/saved-searches', headers: member.session.headers });
    const alerts = Object.fromEntries(list.json().items.map((s: { id: string; alerts: boolean }) => [s.id, s.alerts]));
    expect(alerts).toEqual({ [kept.id]: false, [other.id]: true });
  });

  it("says a deleted search sends nothing, and never reaches another member's search", async () => {
    const member = await userWithSession(ctx, 'buyer');
    const owner = await userWithSession(ctx, 'buyer');
    const theirs = await ctx.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      headers: owner.session.headers,
      payload: { query: 'platform=minecraft' },
    });
    const notMine = { userId: member.user.id, topic: 'savedSearch', savedSearchId: theirs.json().id } as const;
    const gone = { userId: member.user.id, topic: 'savedSearch', savedSearchId: newId() } as const;
    for (const subject of [notMine, gone]) {
      const res = await oneClick(oneClickPath(subject));
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('This saved search was deleted, so it sends no more emails.');
    }
    const list = await ctx.app.inject({ method: 'GET', url: '/api/saved-searches', headers: owner.session.headers });
    expect(list.json().items[0].alerts).toBe(true);
  });
});
