import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { Clock } from '../lib/clock';
import type { Mail, Mailer } from './mailer';
import { HOUR_MS, MINUTE_MS } from '@accountry/shared/durations';

export const MAIL_RETRY = {
  /** Attempts before a mail is marked failed (the delays below add up to about two and a half hours). */
  maxAttempts: 10,
  firstDelayMs: 15_000,
  maxDelayMs: HOUR_MS,
  /** How long a claim lasts: a worker that dies mid-send leaves the mail to another after this. */
  leaseMs: 2 * MINUTE_MS,
  batch: 10,
  pollMs: 1000,
};

/** Delay before the next attempt after `attempts` failed ones: doubling from 15 s, at most an hour. */
export const retryDelayMs = (attempts: number) =>
  Math.min(MAIL_RETRY.firstDelayMs * 2 ** Math.max(0, attempts - 1), MAIL_RETRY.maxDelayMs);

/** A due mail as the worker reads it to claim it: its claim is conditioned on these. */
type DueMail = { id: string; attempts: number; createdAt: number; queuePosition: number };

interface Options {
  /** Delete delivered mail this long after sending (its links are dead by then); unset keeps it (dev mailbox). */
  purgeSentAfterMs?: number;
}

/**
 * Sends queued mail. Every server process may run one: a mail is claimed with a conditional update on its attempt
 * count, so exactly one worker sends each attempt, and a failed attempt is retried later with exponential backoff.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private lastPurge = 0;

  constructor(
    private readonly db: Database,
    private readonly transport: Mailer,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly options: Options = {},
  ) {}

  start() {
    this.timer ??= setInterval(() => this.kick(), MAIL_RETRY.pollMs);
    this.timer.unref();
  }

  /** Look for due mail soon (called after queueing, so a mail leaves without waiting for the next poll). */
  kick() {
    if (!this.timer) return;
    if (this.running) this.again = true;
    else this.running = this.loop();
  }

  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private async loop() {
    do {
      this.again = false;
      try {
        await this.runOnce();
      } catch (err) {
        this.log.error({ err }, 'mail worker: could not read the outbox');
      }
    } while (this.again && this.timer);
    this.running = undefined;
  }

  /** Claim and send what is due now; answers how many mails this worker attempted. */
  async runOnce(): Promise<number> {
    const now = this.clock.now();
    const due = await this.db
      .selectFrom('mailOutbox')
      .select(['id', 'attempts', 'to', 'createdAt', 'queuePosition'])
      .where('status', 'in', ['pending', 'sending'])
      .where('nextAttemptAt', '<=', now)
      .orderBy('nextAttemptAt')
      .orderBy('createdAt')
      .orderBy('queuePosition')
      .limit(MAIL_RETRY.batch)
      .execute();
    // Addresses side by side; one address's mails one after another, in queue order (decision 213).
    const byAddress = new Map<string, typeof due>();
    for (const row of due) byAddress.set(row.to, [...(byAddress.get(row.to) ?? []), row]);
    const attempted = await Promise.all([...byAddress.values()].map((rows) => this.sendInTurn(rows)));
    await this.purge(now);
    return attempted.reduce((n, k) => n + k, 0);
  }

  /**
   * One address's mails in queue order, each claimed as its turn comes, so its lease runs while it is sent, not while
   * the mails before it are. The first not claimed (another worker has it or one before it; the row refuses the
   * write) ends the turn: a later mail never overtakes it.
   */
  private async sendInTurn(rows: DueMail[]) {
    let attempted = 0;
    for (const row of rows) {
      const claimed = await this.claim(row, this.clock.now()).catch((err: unknown) => {
        this.log.error({ err, mailId: row.id }, 'mail worker: could not claim a mail');
        return false;
      });
      if (!claimed) break;
      await this.deliver(row.id, row.attempts + 1);
      attempted++;
    }
    return attempted;
  }

  /**
   * Claimed by a conditional update on the attempt count, unless an earlier mail to the address is being sent by
   * another worker, whose lease still runs: two workers never send one address's mails side by side.
   */
  private async claim(row: DueMail, now: number) {
    const res = await this.db
      .updateTable('mailOutbox')
      .set({ status: 'sending', attempts: row.attempts + 1, nextAttemptAt: now + MAIL_RETRY.leaseMs })
      .where('id', '=', row.id)
      .where('attempts', '=', row.attempts)
      .where('status', 'in', ['pending', 'sending'])
      .where('nextAttemptAt', '<=', now)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('mailOutbox as earlier')
              .select('earlier.id')
              .whereRef('earlier.to', '=', 'mailOutbox.to')
              .where('earlier.status', '=', 'sending')
              .where('earlier.nextAttemptAt', '>', now)
              .where((e) =>
                e(
                  e.refTuple('earlier.createdAt', 'earlier.queuePosition'),
                  '<',
                  e.tuple(row.createdAt, row.queuePosition),
                ),
              ),
          ),
        ),
      )
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  private async deliver(id: string, attempt: number) {
    const mine = this.db.updateTable('mailOutbox').where('id', '=', id).where('attempts', '=', attempt);
    // Reading the mail is part of the attempt: one that cannot be read backs off and ends failed like any other.
    try {
      await this.transport.send(await this.read(id));
      await mine.set({ status: 'sent', sentAt: this.clock.now(), lastError: '' }).execute();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const last = attempt >= MAIL_RETRY.maxAttempts;
      // Never the body: it holds single-use links.
      this.log.warn({ mailId: id, attempt, err: message, final: last }, 'mail delivery failed');
      await mine
        .set({
          status: last ? 'failed' : 'pending',
          nextAttemptAt: this.clock.now() + retryDelayMs(attempt),
          lastError: message.slice(0, 500),
        })
        .execute();
    }
  }

  private async read(id: string): Promise<Mail> {
    const { headers, ...row } = await this.db
      .selectFrom('mailOutbox')
      .select(['to', 'subject', 'text', 'html', 'headers'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { ...row, ...(headers ? { headers: JSON.parse(headers) as Record<string, string> } : {}) };
  }

  private async purge(now: number) {
    const keep = this.options.purgeSentAfterMs;
    if (keep === undefined || now - this.lastPurge < 10 * MINUTE_MS) return;
    this.lastPurge = now;
    await this.db
      .deleteFrom('mailOutbox')
      .where('status', 'in', ['sent', 'failed'])
      .where('createdAt', '<', now - keep)
      .execute();
  }
}
