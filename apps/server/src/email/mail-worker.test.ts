import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { ManualClock } from '../lib/clock';
import { CapturingMailer, createTestDatabase } from '../test/test-app';
import { queueMail } from './mail-outbox';
import { MAIL_RETRY, MailWorker, retryDelayMs } from './mail-worker';
import type { Mail, Mailer } from './mailer';

const log = pino({ level: 'silent' });
let handle: DatabaseHandle;
let second: DatabaseHandle;
const clock = new ManualClock(Date.UTC(2026, 10, 24, 3, 0, 0));

beforeAll(async () => {
  handle = await createTestDatabase();
  // Another process: its own connection pool (or SQLite connection) on the same database.
  second = openDatabase(handle.url, { pgSchema: handle.pgSchema });
});
afterAll(async () => {
  await second.close();
  await handle.close();
});
beforeEach(async () => {
  await handle.db.deleteFrom('mailOutbox').execute();
});

const mail = (n: number): Mail => ({
  to: `user${n}@example.test`,
  subject: `Mail ${n}`,
  text: 'Hi',
  html: '<p>Hi</p>',
});
const row = (id: string) =>
  handle.db.selectFrom('mailOutbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

class FailingMailer implements Mailer {
  calls = 0;
  async send() {
    this.calls++;
    throw new Error('451 try again later');
  }
}

describe('the mail outbox worker', () => {
  it('sends each mail exactly once with two workers on one database', async () => {
    for (let i = 0; i < 40; i++) await queueMail(handle.db, mail(i), clock.now());
    const a = new CapturingMailer();
    const b = new CapturingMailer();
    const workers = [new MailWorker(handle.db, a, clock, log), new MailWorker(second.db, b, clock, log)];
    // Both poll at the same moments, racing for the same rows.
    let attempted = 0;
    for (let round = 0; round < 10; round++)
      attempted += (await Promise.all(workers.map((w) => w.runOnce()))).reduce((x, y) => x + y, 0);
    const sent = [...a.sent, ...b.sent].map((m) => m.to).sort();
    expect(sent).toEqual(Array.from({ length: 40 }, (_, i) => `user${i}@example.test`).sort());
    expect(attempted).toBe(40);
    const rows = await handle.db.selectFrom('mailOutbox').select(['status', 'attempts']).execute();
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it("delivers one address's mails in the order they were queued, even when queued in one transaction", async () => {
    // An order canceled and its refund, queued together: the cancellation must not arrive after the refund.
    const subjects = Array.from({ length: 6 }, (_, i) => `Step ${i + 1}`);
    await handle.db.transaction().execute(async (trx) => {
      for (const subject of subjects) {
        await queueMail(trx, { ...mail(1), subject }, clock.now());
        await queueMail(trx, { ...mail(2), subject }, clock.now());
      }
    });
    // Earlier mails take longer to hand over, so mails sent side by side would arrive in reverse.
    const arrived: Mail[] = [];
    const slowFirst: Mailer = {
      async send(m) {
        await new Promise((resolve) => setTimeout(resolve, (7 - Number(m.subject.slice(5))) * 4));
        arrived.push(m);
      },
    };
    const worker = new MailWorker(handle.db, slowFirst, clock, log);
    while ((await worker.runOnce()) > 0);
    for (const to of [mail(1).to, mail(2).to]) {
      expect(arrived.filter((m) => m.to === to).map((m) => m.subject)).toEqual(subjects);
    }
  });

  it('retries a failed mail with exponential backoff, then marks it failed', async () => {
    const id = await queueMail(handle.db, mail(1), clock.now());
    const failing = new FailingMailer();
    const worker = new MailWorker(handle.db, failing, clock, log);
    expect(await worker.runOnce()).toBe(1);
    expect(await row(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      nextAttemptAt: clock.now() + 15_000,
      lastError: '451 try again later',
    });
    // Not due yet: nothing is attempted.
    clock.advance(14_999);
    expect(await worker.runOnce()).toBe(0);
    clock.advance(1);
    expect(await worker.runOnce()).toBe(1);
    expect((await row(id)).nextAttemptAt).toBe(clock.now() + 30_000);
    expect([1, 2, 3, 4, 5, 8, 9, 10].map(retryDelayMs)).toEqual([
      15_000, 30_000, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
    for (let attempt = 3; attempt <= MAIL_RETRY.maxAttempts; attempt++) {
      clock.advance(retryDelayMs(attempt - 1));
      expect(await worker.runOnce()).toBe(1);
    }
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: MAIL_RETRY.maxAttempts });
    clock.advance(24 * 3600_000);
    expect(await worker.runOnce()).toBe(0);
    expect(failing.calls).toBe(MAIL_RETRY.maxAttempts);
  });

  it('a stored mail that cannot be read counts as a failed attempt and holds back nothing queued after it', async () => {
    const unreadable = await queueMail(handle.db, { ...mail(5), subject: 'First' }, clock.now());
    await handle.db.updateTable('mailOutbox').set({ headers: '{not json' }).where('id', '=', unreadable).execute();
    const next = await queueMail(handle.db, { ...mail(5), subject: 'Second' }, clock.now());
    const capturing = new CapturingMailer();
    const worker = new MailWorker(handle.db, capturing, clock, log);
    expect(await worker.runOnce()).toBe(2);
    expect(capturing.sent.map((m) => m.subject)).toEqual(['Second']);
    expect(await row(next)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await row(unreadable)).toMatchObject({
      status: 'pending',
      attempts: 1,
      nextAttemptAt: clock.now() + 15_000,
    });
    expect((await row(unreadable)).lastError).toMatch(/JSON/);
    // It ends as failed after the usual attempts, not retried every lease for ever.
    for (let attempt = 2; attempt <= MAIL_RETRY.maxAttempts; attempt++) {
      clock.advance(retryDelayMs(attempt - 1));
      expect(await worker.runOnce()).toBe(1);
    }
    expect(await row(unreadable)).toMatchObject({ status: 'failed', attempts: MAIL_RETRY.maxAttempts });
    expect(capturing.sent).toHaveLength(1);
  });

  it('a mail claimed by a worker that died is sent by another once the claim lapses', async () => {
    const id = await queueMail(handle.db, mail(2), clock.now());
    await handle.db
      .updateTable('mailOutbox')
      .set({ status: 'sending', attempts: 1, nextAttemptAt: clock.now() + MAIL_RETRY.leaseMs })
      .where('id', '=', id)
      .execute();
    const other = new CapturingMailer();
    const worker = new MailWorker(second.db, other, clock, log);
    expect(await worker.runOnce()).toBe(0);
    clock.advance(MAIL_RETRY.leaseMs);
    expect(await worker.runOnce()).toBe(1);
    expect(other.sent.map((m) => m.subject)).toEqual(['Mail 2']);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, sentAt: clock.now() });
  });

  it('deletes delivered mail after the retention time when asked to, and keeps what is pending', async () => {
    const old = await queueMail(handle.db, mail(3), clock.now());
    const worker = new MailWorker(handle.db, new CapturingMailer(), clock, log, { purgeSentAfterMs: 3600_000 });
    await worker.runOnce();
    clock.advance(3600_001);
    const pending = await queueMail(handle.db, mail(4), clock.now() + 60_000);
    await worker.runOnce();
    const ids = (await handle.db.selectFrom('mailOutbox').select('id').execute()).map((r) => r.id);
    expect(ids).toEqual([pending]);
    expect(ids).not.toContain(old);
  });
});
