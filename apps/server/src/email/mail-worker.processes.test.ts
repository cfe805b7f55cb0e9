import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { refuseUpdatesOfRows } from '../test/refused-writes';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { ManualClock } from '../lib/clock';
import { Interleave } from '../test/interleave';
import { createTestDatabase } from '../test/test-app';
import { queueMail } from './mail-outbox';
import { MAIL_RETRY, MailWorker } from './mail-worker';
import type { Mail, Mailer } from './mailer';

/**
 * The outbox worker runs in every server process. What must hold with several of them (decision 213):
 * - one address gets its mails in queue order, whichever workers claim them;
 * - a mail whose row the worker cannot claim (the database refuses its writes, every time) holds back no other mail;
 * - a mail is claimed as its turn comes, so a slow mail server cannot let its lease run out while it waits.
 */
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

/** Every mail handed to a transport, by any worker, in the order handed over. */
class SharedLog {
  readonly sent: Mail[] = [];
  mailer(): Mailer {
    return { send: async (m: Mail) => void this.sent.push(m) };
  }
}

const mail = (to: string, subject: string): Mail => ({ to, subject, text: 'Hi', html: '<p>Hi</p>' });

describe('the mail outbox worker in several processes', () => {
  it("delivers one address's mails in queue order when two workers claim them at the same moment", async () => {
    // One move queues both in one transaction: "Order canceled", then "Your refund was paid back".
    await handle.db.transaction().execute(async (trx) => {
      await queueMail(trx, mail('buyer@example.test', 'Order canceled'), clock.now());
      await queueMail(trx, mail('buyer@example.test', 'Your refund was paid back'), clock.now());
    });
    const shared = new SharedLog();
    // Worker A (one connection, so its claims go one after another) has read both mails and claimed the first when
    // worker B, in another process, polls.
    const interleave = new Interleave();
    const aHandle = openDatabase(handle.url, { pgSchema: handle.pgSchema, poolSize: 1 });
    const b = new MailWorker(handle.db, shared.mailer(), clock, log);
    const a = new MailWorker(aHandle.db.withPlugin(interleave), shared.mailer(), clock, log);
    interleave.arm('mail_outbox', async () => void (await b.runOnce()), 'update');
    try {
      await a.runOnce();
    } finally {
      interleave.disarm();
      await aHandle.close();
    }
    // The polls after it, whatever either worker left for them.
    for (let round = 0; round < 3; round++) {
      clock.advance(MAIL_RETRY.pollMs);
      await b.runOnce();
    }
    expect(shared.sent.map((m) => m.subject)).toEqual(['Order canceled', 'Your refund was paid back']);
  });

  it('sends the other mails although one mail can never be claimed', async () => {
    const lift = await refuseUpdatesOfRows(handle, 'mail_outbox', 'to', 'stuck@example.test');
    try {
      // The stuck mail is the oldest due, so it is in every batch the worker reads.
      await queueMail(handle.db, mail('stuck@example.test', 'Stuck'), clock.now());
      clock.advance(1000);
      await queueMail(handle.db, mail('someone@example.test', 'Welcome'), clock.now());
      const shared = new SharedLog();
      const worker = new MailWorker(handle.db, shared.mailer(), clock, log);
      // The worker's poll, a few times over, each past a claim's lease; a run that throws is logged by its loop.
      for (let round = 0; round < 5; round++) {
        await worker.runOnce().catch(() => undefined);
        clock.advance(MAIL_RETRY.leaseMs + 1000);
      }
      expect(shared.sent.map((m) => m.to)).toEqual(['someone@example.test']);
    } finally {
      await lift();
    }
  });

  it('sends each mail once when one address has a batch of mails and the SMTP server is slow', async () => {
    // Ten mails to one address, queued together: the worker claims them all, then hands them over one after another.
    await handle.db.transaction().execute(async (trx) => {
      for (let i = 1; i <= 10; i++) await queueMail(trx, mail('busy@example.test', `Mail ${i}`), clock.now());
    });
    const shared = new SharedLog();
    const b = new MailWorker(second.db, shared.mailer(), clock, log);
    let polled = false;
    // The SMTP server takes 15 s a mail (within the transport's timeouts); after two minutes, while the ninth mail is
    // on its way, the worker of another process polls, as it does every second.
    const slow: Mailer = {
      send: async (m: Mail) => {
        clock.advance(15_000);
        if (m.subject === 'Mail 9' && !polled) {
          polled = true;
          await b.runOnce();
        }
        shared.sent.push(m);
      },
    };
    const a = new MailWorker(handle.db, slow, clock, log);
    await a.runOnce();
    clock.advance(MAIL_RETRY.leaseMs);
    await Promise.all([a.runOnce(), b.runOnce()]);
    // Each mail handed over once, by one worker or the other.
    const subjects = shared.sent.map((m) => m.subject).sort();
    expect(subjects).toEqual(Array.from({ length: 10 }, (_, i) => `Mail ${i + 1}`).sort());
  });
});
