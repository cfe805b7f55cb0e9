import type { Database as SQLiteDatabase, Statement } from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { ConversationCounters } from '@accountry/shared/chat';
import type { Database } from '../../db/database';
import { blockEitherWay } from '../../db/member-blocks';
import {
  COUNTER_SQL,
  messageRow,
  type DeliveredMark,
  type MessageStore,
  type NewMessage,
  type StoredMessage,
} from './message-store';
import { underSendLimit, type SendLimit } from './send-limit';
import { blockInConversation, withBlock } from './block-receipts';

/** What the store tells the fan-out after each commit, in commit order. */
export interface StoreEvents {
  stored(message: StoredMessage): void;
  /** A delivered marker moved; `blocked`: a block stands between the two, and the sender is not told (decision 236). */
  delivered(counters: ConversationCounters, senderId: string, blocked: boolean): void;
}

interface Job {
  work(): unknown;
  after?(value: unknown): void;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

/**
 * Group commit on SQLite: work queued during one turn of the event loop (and while the previous batch held the
 * connection) runs in one write transaction of prepared statements. A job that throws rolls the batch back and the
 * batch runs again without it, in the same order, so one refused message never loses or reorders the others.
 */
export class SqliteMessageStore implements MessageStore {
  private queue: Job[] = [];
  private scheduled = false;
  private readonly sql: Record<'begin' | 'commit' | 'rollback' | 'bump' | 'insert' | 'deliver', Statement>;

  constructor(
    private readonly db: Database,
    raw: SQLiteDatabase,
    private readonly events: StoreEvents,
    private readonly log: FastifyBaseLogger,
    limit: SendLimit,
  ) {
    // Prepared from text: the shared conditions are compiled to it once, their parties the statement's parameters.
    const underLimit = underSendLimit(limit, sql.raw('@senderId'), (ms) => sql.raw(`@now - ${ms}`)).compile(db).sql;
    const blocked = blockEitherWay(sql.raw<string>('@senderId'), sql.raw<string>('@recipientId')).compile(db).sql;
    const conversationBlocked = blockInConversation('conversations').compile(db).sql;
    this.sql = {
      begin: raw.prepare('begin immediate'),
      commit: raw.prepare('commit'),
      rollback: raw.prepare('rollback'),
      // Numbers the message under the write lock when every send check passes (recipient active, no block either way,
      // client id not stored yet, sender under the send limit); sending moves the sender's own read and delivered markers
      // and, the first time, keeps when the sender's side first wrote (decision 228).
      bump: raw.prepare(`update conversations set last_seq = last_seq + 1,
        buyer_read_seq = case when @side = 'buyer' then last_seq + 1 else buyer_read_seq end,
        buyer_delivered_seq = case when @side = 'buyer' then last_seq + 1 else buyer_delivered_seq end,
        seller_read_seq = case when @side = 'seller' then last_seq + 1 else seller_read_seq end,
        seller_delivered_seq = case when @side = 'seller' then last_seq + 1 else seller_delivered_seq end,
        last_message_preview = @preview, last_message_attachment = 0, last_sender_id = @senderId,
        last_message_at = @now, updated_at = @now,
        buyer_first_message_at = coalesce(buyer_first_message_at, case when @side = 'buyer' then @now end),
        seller_first_message_at = coalesce(seller_first_message_at, case when @side = 'seller' then @now end)
        where id = @conversationId
          and exists (select 1 from users u left join deleted_users d on d.uid = u.id
            where u.id = @recipientId and u.disabled = 0 and d.status is not 'unresolved')
          and not ${blocked}
          and not exists (select 1 from messages where sender_id = @senderId and client_id = @clientId)
          and ${underLimit}
        returning ${COUNTER_SQL}`),
      insert: raw.prepare(`insert into messages (id, conversation_id, seq, sender_id, client_id, body, created_at)
        values (@id, @conversationId, @seq, @senderId, @clientId, @body, @createdAt)`),
      deliver: raw.prepare(`update conversations set
        buyer_delivered_seq = case when @side = 'buyer' then min(@seq, last_seq) else buyer_delivered_seq end,
        seller_delivered_seq = case when @side = 'seller' then min(@seq, last_seq) else seller_delivered_seq end
        where id = @conversationId
          and (case when @side = 'buyer' then buyer_delivered_seq else seller_delivered_seq end) < min(@seq, last_seq)
        returning ${COUNTER_SQL}, ${conversationBlocked} as blocked`),
    };
  }

  store(m: NewMessage) {
    return this.enqueue<StoredMessage | null>(
      () => {
        const counters = this.sql.bump.get(m) as ConversationCounters | undefined;
        if (!counters) return null;
        const row = messageRow(m, counters.lastSeq);
        this.sql.insert.run(row);
        return { row, counters };
      },
      (stored) => stored && this.events.stored(stored),
    );
  }

  delivered(marks: DeliveredMark[]) {
    type Moved = ConversationCounters & { blocked: number };
    return this.enqueue<Array<Moved | undefined>>(
      () => marks.map((mark) => this.sql.deliver.get(mark) as Moved | undefined),
      (moved) =>
        moved.forEach((row, i) => {
          if (!row) return;
          const { counters, blocked } = withBlock(row);
          this.events.delivered(counters, marks[i].side === 'buyer' ? row.sellerId : row.buyerId, blocked);
        }),
    ).then((moved) => moved.map(Boolean));
  }

  private enqueue<T>(work: () => T, after: (value: T) => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, after: after as Job['after'], resolve: resolve as Job['resolve'], reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => void this.flush());
    });
  }

  private async flush() {
    try {
      // Kysely's one SQLite connection, held for the batch: no Kysely transaction is open or begins meanwhile.
      await this.db.connection().execute(async () => {
        const jobs = this.queue;
        this.queue = [];
        this.scheduled = false;
        this.commitAll(jobs);
      });
    } catch (err) {
      const jobs = this.queue;
      this.queue = [];
      this.scheduled = false;
      for (const job of jobs) job.reject(err);
    }
  }

  /** Runs the jobs in one transaction; a job that throws is refused alone and the rest run again. */
  private commitAll(jobs: Job[]) {
    while (jobs.length) {
      const values: unknown[] = [];
      try {
        this.sql.begin.run();
      } catch (err) {
        for (const job of jobs) job.reject(err);
        return;
      }
      let failed = -1;
      let failure: unknown;
      for (let i = 0; i < jobs.length && failed < 0; i++) {
        try {
          values.push(jobs[i].work());
        } catch (err) {
          failed = i;
          failure = err;
        }
      }
      if (failed < 0) {
        try {
          this.sql.commit.run();
        } catch (err) {
          this.rollback();
          for (const job of jobs) job.reject(err);
          return;
        }
        jobs.forEach((job, i) => this.settle(job, values[i]));
        return;
      }
      this.rollback();
      jobs[failed].reject(failure);
      jobs = jobs.filter((_, i) => i !== failed);
    }
  }

  private settle(job: Job, value: unknown) {
    try {
      job.after?.(value);
    } catch (err) {
      this.log.warn({ err }, 'chat event not published; clients catch up when they resume');
    }
    job.resolve(value);
  }

  private rollback() {
    try {
      this.sql.rollback.run();
    } catch {
      // SQLite already rolled back (some errors end the transaction themselves).
    }
  }
}
