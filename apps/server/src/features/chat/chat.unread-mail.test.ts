import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asTwoProcesses,
  createPeerApp,
  createTestApp,
  insertDeletedUser,
  userWithSession,
  type Session,
  type TestContext,
} from '../../test/test-app';
import { insertListing } from './chat-test-helpers';
import { clientId } from '../../test/chat-api';
import { UnreadMailSweeper } from './unread-mail.service';
import { unsubscribeLinks } from '../../email/unsubscribe-links';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://market.example' });
});
afterAll(() => ctx.close());

const MIN = 60_000;
type Party = Awaited<ReturnType<typeof userWithSession>>;
const inject = (session: Session, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, payload: payload as object, headers: session.headers });

async function setup() {
  const seller = await userWithSession(ctx, 'seller', { displayName: 'Sam Seller' });
  const buyer = await userWithSession(ctx, 'buyer', { displayName: 'Bea Buyer' });
  const listing = await insertListing(ctx, seller.user.id, { title: 'Level 80 raid-ready account' });
  const open = await inject(buyer.session, 'POST', '/api/chat/conversations', { listingId: listing.id });
  // Each case sweeps from its own start, as a process that starts now would.
  return { seller, buyer, id: open.json().conversation.id as string, sweeper: new UnreadMailSweeper(ctx.deps) };
}

async function send(p: Party, conversationId: string, body: string) {
  const res = await inject(p.session, 'POST', `/api/chat/conversations/${conversationId}/messages`, {
    clientId: clientId(),
    body,
  });
  expect(res.statusCode).toBe(201);
  return res.json().message.seq as number;
}

const read = (p: Party, conversationId: string, seq: number) =>
  inject(p.session, 'POST', `/api/chat/conversations/${conversationId}/read`, { seq });

const mailsTo = (p: Party) => ctx.mailsTo(p.user.email);

describe('a message that waits unread is mailed to its reader', () => {
  it('once, ten minutes after the conversation went quiet, without the message text', async () => {
    const { seller, buyer, id, sweeper } = await setup();
    await send(buyer, id, 'Is the account still available? My code is 1234');
    ctx.clock.advance(4 * MIN);
    await send(buyer, id, 'I can pay today.');
    ctx.clock.advance(9 * MIN);
    expect(await sweeper.sweep()).toBe(0);
    ctx.clock.advance(1 * MIN);
    expect(await sweeper.sweep()).toBe(1);
    expect(await sweeper.sweep()).toBe(0);

    const mails = await mailsTo(seller);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    const unsubscribe = unsubscribeLinks(ctx.deps)({ userId: seller.user.id, topic: 'unreadMessages' });
    expect(mail.subject).toBe('Bea Buyer sent you 2 messages on Accountry');
    expect(mail.text).toBe(
      [
        'Bea Buyer sent you 2 messages',
        '',
        'About "Level 80 raid-ready account". They are waiting for you in your chat.',
        'Keep the conversation and any payment on Accountry: a deal made outside the site is not protected.',
        '',
        `Read and reply: https://market.example/chat?c=${id}`,
        '',
        'We send this when a message waits unread for 10 minutes, once until you read it. You can turn these ' +
          'emails off in your profile: https://market.example/profile',
        `Unsubscribe: ${unsubscribe.pageUrl}`,
      ].join('\n'),
    );
    expect(unsubscribe.pageUrl).toMatch(/^https:\/\/market\.example\/unsubscribe\?token=[\w.%-]+$/);
    expect(mail.headers).toEqual(unsubscribe.headers);
    expect(mail.html).toContain(`href="https://market.example/chat?c=${id}"`);
    expect(`${mail.text}${mail.html}`).not.toContain('1234');
    expect(await mailsTo(buyer)).toHaveLength(0);
  });

  it('not when the reader reads in time, and not again until they have read', async () => {
    const { seller, buyer, id, sweeper } = await setup();
    const first = await send(buyer, id, 'Hello?');
    ctx.clock.advance(5 * MIN);
    expect((await read(seller, id, first)).statusCode).toBe(200);
    ctx.clock.advance(10 * MIN);
    expect(await sweeper.sweep()).toBe(0);

    await send(buyer, id, 'Still there?');
    ctx.clock.advance(11 * MIN);
    expect(await sweeper.sweep()).toBe(1);
    const third = await send(buyer, id, 'Hello again');
    ctx.clock.advance(11 * MIN);
    expect(await sweeper.sweep()).toBe(0);
    expect(await mailsTo(seller)).toHaveLength(1);
    expect((await mailsTo(seller))[0]!.subject).toBe('Bea Buyer sent you a message on Accountry');

    // Read, then a new message waits: a new notice.
    expect((await read(seller, id, third)).statusCode).toBe(200);
    await send(buyer, id, 'One more thing');
    ctx.clock.advance(10 * MIN);
    expect(await sweeper.sweep()).toBe(1);
    expect(await mailsTo(seller)).toHaveLength(2);
  });

  it('to whichever side has not read: a reply is mailed to the buyer', async () => {
    const { seller, buyer, id, sweeper } = await setup();
    const first = await send(buyer, id, 'Hi');
    await read(seller, id, first);
    await send(seller, id, 'Yes, it is available.');
    ctx.clock.advance(10 * MIN);
    expect(await sweeper.sweep()).toBe(1);
    expect((await mailsTo(buyer)).map((m) => m.subject)).toEqual(['Sam Seller sent you a message on Accountry']);
    expect(await mailsTo(seller)).toHaveLength(0);
  });

  it('not to a reader who turned these mails off, is disabled, deleted, or blocked the writer', async () => {
    const cases: Array<(c: Awaited<ReturnType<typeof setup>>) => Promise<unknown>> = [
      (c) => inject(c.seller.session, 'PUT', '/api/profile/email-preferences', { unreadMessages: false }),
      (c) => ctx.db.updateTable('users').set({ disabled: true }).where('id', '=', c.seller.user.id).execute(),
      (c) => insertDeletedUser(ctx.db, c.seller.user),
      (c) => inject(c.seller.session, 'POST', '/api/chat/blocks', { userId: c.buyer.user.id }),
    ];
    for (const arrange of cases) {
      const c = await setup();
      await send(c.buyer, c.id, 'Hello');
      await arrange(c);
      ctx.clock.advance(10 * MIN);
      expect(await c.sweeper.sweep()).toBe(0);
      expect(await mailsTo(c.seller)).toHaveLength(0);
    }
  });

  it('not about a writer who since blocked the reader, or whose account was closed: there is no replying', async () => {
    const cases: Array<(c: Awaited<ReturnType<typeof setup>>) => Promise<unknown>> = [
      (c) => inject(c.buyer.session, 'POST', '/api/chat/blocks', { userId: c.seller.user.id }),
      (c) => ctx.db.updateTable('users').set({ disabled: true }).where('id', '=', c.buyer.user.id).execute(),
      (c) => insertDeletedUser(ctx.db, c.buyer.user),
    ];
    for (const arrange of cases) {
      const c = await setup();
      await send(c.buyer, c.id, 'Hello');
      await arrange(c);
      ctx.clock.advance(10 * MIN);
      expect(await c.sweeper.sweep()).toBe(0);
      expect(await mailsTo(c.seller)).toHaveLength(0);
    }
  });

  it('once when two processes sweep the same database', async () => {
    const { seller, buyer, id } = await setup();
    const peer = await createPeerApp(ctx);
    try {
      const here = new UnreadMailSweeper(ctx.deps);
      const there = new UnreadMailSweeper(peer.app.deps);
      await send(buyer, id, 'Anyone?');
      ctx.clock.advance(10 * MIN);
      const queued = await asTwoProcesses([() => here.sweep(), () => there.sweep(), () => here.sweep()]);
      expect(queued.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await mailsTo(seller)).toHaveLength(1);
    } finally {
      await peer.close();
    }
  });

  it('after a restart, for a conversation that went quiet while no process ran', async () => {
    const { seller, buyer, id } = await setup();
    await send(buyer, id, 'Are you there?');
    ctx.clock.advance(3 * 60 * MIN);
    expect(await new UnreadMailSweeper(ctx.deps).sweep()).toBe(1);
    expect(await mailsTo(seller)).toHaveLength(1);
  });
});

describe('email preferences', () => {
  it('are on by default, saved whole, and refused with a clear message when malformed', async () => {
    const { user, session } = await userWithSession(ctx, 'buyer');
    const get = () => inject(session, 'GET', '/api/profile/email-preferences');
    expect((await get()).json()).toEqual({ unreadMessages: true, priceDrops: true });
    const off = await inject(session, 'PUT', '/api/profile/email-preferences', { unreadMessages: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ unreadMessages: false, priceDrops: true });
    expect((await get()).json()).toEqual({ unreadMessages: false, priceDrops: true });
    for (const bad of [{ unreadMessages: 'no' }, {}, { unreadMessages: true, extra: 1 }]) {
      const res = await inject(session, 'PUT', '/api/profile/email-preferences', bad);
      expect(res.statusCode).toBe(400);
      expect((await get()).json()).toEqual({ unreadMessages: false, priceDrops: true });
    }
    const malformed = await inject(session, 'PUT', '/api/profile/email-preferences', { unreadMessages: 'no' });
    expect(malformed.json().error.message).toContain('Unread message emails must be on (true) or off (false)');
    const rows = await ctx.db.selectFrom('emailPreferences').selectAll().where('userId', '=', user.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('give an admin the admin task mail, on by default, kept when a PUT leaves it out', async () => {
    const { session } = await userWithSession(ctx, 'admin');
    const get = () => inject(session, 'GET', '/api/profile/email-preferences');
    expect((await get()).json()).toEqual({ unreadMessages: true, adminWaiting: true, priceDrops: true });
    const off = await inject(session, 'PUT', '/api/profile/email-preferences', {
      unreadMessages: true,
      adminWaiting: false,
    });
    expect([off.statusCode, off.json()]).toEqual([
      200,
      { unreadMessages: true, adminWaiting: false, priceDrops: true },
    ]);
    const unreadOff = await inject(session, 'PUT', '/api/profile/email-preferences', { unreadMessages: false });
    expect(unreadOff.json()).toEqual({ unreadMessages: false, adminWaiting: false, priceDrops: true });
    const bad = await inject(session, 'PUT', '/api/profile/email-preferences', {
      unreadMessages: true,
      adminWaiting: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Admin task emails must be on (true) or off (false)');
    expect((await get()).json()).toEqual({ unreadMessages: false, adminWaiting: false, priceDrops: true });
  });

  it('refuse a member who sets the admin task mail, and save nothing of that request', async () => {
    const { user, session } = await userWithSession(ctx, 'both');
    const res = await inject(session, 'PUT', '/api/profile/email-preferences', {
      unreadMessages: false,
      adminWaiting: true,
    });
    expect([res.statusCode, res.json().error.message]).toEqual([
      403,
      'Only admins get emails about work waiting for admins.',
    ]);
    expect((await inject(session, 'GET', '/api/profile/email-preferences')).json()).toEqual({
      unreadMessages: true,
      priceDrops: true,
    });
    const rows = await ctx.db.selectFrom('emailPreferences').selectAll().where('userId', '=', user.id).execute();
    expect(rows).toEqual([]);
  });

  it('belong to the signed-in user only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile/email-preferences' })).statusCode).toBe(401);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/email-preferences',
      payload: { unreadMessages: false },
    });
    expect([401, 403]).toContain(put.statusCode);
  });
});
