import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { ManualClock } from '../lib/clock';
import { memoryBus } from '../realtime/bus';
import { createTestDatabase, createUser } from '../test/test-app';
import { smtpMailer } from './mailer';
import { queueMail } from './mail-outbox';
import { mailLayout } from './mail-layout';
import { unsubscribeLinks } from './unsubscribe-links';
import { settleAfterReplies } from '../lib/after-reply';

const LINK = { label: 'Open', url: 'https://market.example/x' };

/** A local SMTP server standing in for the real one: it records what it accepts, or refuses while `failing`. */
async function fakeSmtp() {
  const received: Array<{ from: string; to: string[]; body: string }> = [];
  const state = { failing: false, received };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      stream.on('end', () => {
        if (state.failing) {
          const err = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
          return callback(err);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          // Undo quoted-printable soft breaks and '=' escapes, enough to read links.
          body: body.replace(/=\r?\n/g, '').replace(/=3D/g, '='),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { state, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
let handle: DatabaseHandle;
let app: FastifyInstance;
const clock = new ManualClock(Date.UTC(2026, 10, 24, 3, 0, 0));

beforeAll(async () => {
  smtp = await fakeSmtp();
  handle = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    SMTP_URL: smtp.url,
    WEB_DIST: path.join(os.tmpdir(), 'accountry-no-web'),
  });
  const mailer = smtpMailer(smtp.url, { from: 'Accountry <no-reply@accountry.test>', replyTo: config.mailReplyTo });
  app = await buildApp({ db: handle, mailer, clock, bus: memoryBus(), config });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await handle.close();
  await smtp.close();
});

const requestReset = (email: string) =>
  app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email } });
const outboxRow = (to: string) =>
  handle.db.selectFrom('mailOutbox').selectAll().where('to', '=', to).executeTakeFirstOrThrow();

describe('mail over SMTP', () => {
  it('delivers a mail to the SMTP server with the configured sender', async () => {
    const sender = { from: 'Accountry <no-reply@accountry.test>', replyTo: 'Accountry Support <help@accountry.test>' };
    await smtpMailer(smtp.url, sender).send({
      to: 'direct@example.test',
      subject: 'Hello over SMTP',
      text: 'Plain body',
      html: '<p>Plain body</p>',
    });
    const mail = smtp.state.received.at(-1)!;
    expect(mail).toMatchObject({ from: 'no-reply@accountry.test', to: ['direct@example.test'] });
    expect(mail.body).toContain('Subject: Hello over SMTP');
    // Mails tell members to reply to them: a reply reaches support, not the no-reply sender.
    expect(mail.body).toContain('Reply-To: Accountry Support <help@accountry.test>');
  });

  it('carries the List-Unsubscribe headers of a queued mail to the SMTP server', async () => {
    const user = await createUser({ db: handle.db, clock });
    const link = unsubscribeLinks(app.deps)({ userId: user.id, topic: 'priceDrops' });
    await queueMail(
      handle.db,
      {
        to: user.email,
        subject: 'Cheaper now',
        ...mailLayout('Cheaper', ['Line'], LINK, 'Why', { unsubscribe: link }),
      },
      clock.now(),
    );
    expect(await app.deps.mailWorker.runOnce()).toBe(1);
    const delivered = smtp.state.received.find((m) => m.to.includes(user.email))!;
    // Header lines may be folded: unfold before reading them.
    const headers = delivered.body.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const url = /^List-Unsubscribe: <([^>]+)>$/m.exec(headers)?.[1]?.replace(/\s+/g, '');
    expect(url).toBe(link.headers['List-Unsubscribe']!.slice(1, -1));
    expect(url).toMatch(/^http.*\/api\/email\/unsubscribe\?token=[\w.%-]+$/);
  });

  it('with a failing mail server, reset requests answer 200 alike and the worker retries until it is back', async () => {
    const user = await createUser({ db: handle.db, clock });
    smtp.state.failing = true;
    const known = await requestReset(user.email);
    const unknown = await requestReset('nobody-here@example.test');
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.json()).toEqual(unknown.json());
    expect(known.body).toBe(unknown.body);
    // The link is made and queued after the reply (decision 227).
    await settleAfterReplies(app.deps);

    expect(await app.deps.mailWorker.runOnce()).toBe(1);
    const failed = await outboxRow(user.email);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: clock.now() + 15_000 });
    expect(failed.lastError).toContain('451');
    expect(smtp.state.received.some((m) => m.to.includes(user.email))).toBe(false);

    smtp.state.failing = false;
    clock.advance(15_000);
    expect(await app.deps.mailWorker.runOnce()).toBe(1);
    expect(await outboxRow(user.email)).toMatchObject({ status: 'sent', attempts: 2, sentAt: clock.now() });
    const delivered = smtp.state.received.find((m) => m.to.includes(user.email))!;
    expect(delivered.body).toContain('Subject: Reset your Accountry password');
    expect(delivered.body).toContain('/reset-password?token=');
  });

  it('an unreachable mail server does not fail sign-up either', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'new-member@example.test', password: 'Tangerine-Comet-58' },
    });
    expect(res.statusCode).toBe(201);
    // The account and its mail are made right after the reply (decision 227).
    await settleAfterReplies(app.deps);
    const broken = await buildApp({
      db: handle,
      mailer: smtpMailer('smtp://127.0.0.1:1', { from: 'x <x@example.test>', replyTo: 'y <y@example.test>' }),
      clock,
      bus: memoryBus(),
      config: loadConfig({ NODE_ENV: 'test', WEB_DIST: path.join(os.tmpdir(), 'accountry-no-web') }),
    });
    try {
      expect(await broken.deps.mailWorker.runOnce()).toBe(1);
      expect(await outboxRow('new-member@example.test')).toMatchObject({ status: 'pending', attempts: 1 });
    } finally {
      await broken.close();
    }
  });
});
