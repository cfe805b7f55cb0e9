import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueMail } from '../../email/mail-outbox';
import { isLoopbackHost } from '../../lib/net';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('development mailbox', () => {
  it('lists outbox mails newest first with working, escaped links', async () => {
    await queueMail(
      ctx.db,
      { to: 'first@example.test', subject: 'First', text: 'Hello', html: '<p>Hello</p>' },
      ctx.clock.now(),
    );
    ctx.clock.advance(1000);
    await queueMail(
      ctx.db,
      {
        to: 'evil@example.test',
        subject: '<script>alert(1)</script>',
        text: 'Verify: http://localhost:3000/verification-sent?token=abc_DEF-123\nBad: <img src=x onerror=alert(1)> "quoted"',
        html: '<p>ignored</p>',
      },
      ctx.clock.now(),
    );
    const res = await ctx.app.inject({ url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const page = res.body;
    expect(page).toContain('<a href="http://localhost:3000/verification-sent?token=abc_DEF-123">');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot;');
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<img');
    expect(page.indexOf('evil@example.test')).toBeLessThan(page.indexOf('first@example.test'));

    const json = await ctx.app.inject({ url: '/api/dev/mailbox?to=EVIL@example.test' });
    expect(json.statusCode).toBe(200);
    const mails = json.json().mails;
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'evil@example.test',
      links: ['http://localhost:3000/verification-sent?token=abc_DEF-123'],
    });
  });

  it('filters the page by recipient and refuses bad queries', async () => {
    const res = await ctx.app.inject({ url: '/dev/mailbox?to=first@example.test' });
    expect(res.body).toContain('first@example.test');
    expect(res.body).not.toContain('evil@example.test</strong>');
    expect((await ctx.app.inject({ url: '/api/dev/mailbox?limit=0' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/dev/mailbox?limit=lots' })).statusCode).toBe(400);
  });

  it.each([
    ['another machine', { remoteAddress: '192.168.1.20' }],
    ['another machine over IPv6', { remoteAddress: 'fe80::1' }],
    [
      'a request relayed by a local proxy',
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } },
    ],
  ])('answers 404 to %s', async (_name, from) => {
    for (const url of ['/dev/mailbox', '/api/dev/mailbox', '/api/dev/mailbox?to=admin@accountry.test']) {
      const res = await ctx.app.inject({ url, ...from });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('@example.test');
    }
    expect((await ctx.app.inject({ url: '/api/dev/mailbox', remoteAddress: '::1' })).statusCode).toBe(200);
  });

  it.each([
    'rebind.attacker.example:3000',
    'rebind.attacker.example',
    'localhost.attacker.example:3000',
    '127.0.0.1.nip.io:3000',
    'localhost:3000.attacker.example',
    'localhost:',
  ])('answers 404 on this machine to a page at %j, as a DNS-rebinding page would be', async (host) => {
    for (const url of ['/dev/mailbox', '/api/dev/mailbox']) {
      const res = await ctx.app.inject({ url, remoteAddress: '127.0.0.1', headers: { host } });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('@example.test');
    }
  });

  it('takes no request without a Host (the test client always sends one)', () => {
    expect(isLoopbackHost(undefined)).toBe(false);
    expect(isLoopbackHost('')).toBe(false);
  });

  it.each(['localhost', 'localhost:3000', 'LocalHost:5173', '127.0.0.1:3000', '[::1]:3000', '[::1]'])(
    'answers at %j',
    async (host) => {
      const res = await ctx.app.inject({ url: '/api/dev/mailbox', remoteAddress: '127.0.0.1', headers: { host } });
      expect(res.statusCode).toBe(200);
    },
  );

  it.each([
    ['production', { NODE_ENV: 'production' }],
    ['an SMTP server configured', { SMTP_URL: 'smtp://mail.example.test:25' }],
  ])('does not exist with %s', async (_name, env) => {
    const other = await createTestApp(env);
    try {
      for (const url of ['/dev/mailbox', '/api/dev/mailbox'])
        expect((await other.app.inject({ url })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});
