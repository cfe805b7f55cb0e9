import { sql, type RawBuilder } from 'kysely';
import { CHAT_EVENTS, type ConversationCounters } from '@accountry/shared/chat';
import type { Database } from '../../db/database';
import { executeNamed } from '../../db/pg-statement-names';
import { MAX_NOTIFY_BYTES } from '../../realtime/bus';
import {
  COUNTER_SQL,
  messageRow,
  type DeliveredMark,
  type MessageStore,
  type NewMessage,
  type StoredMessage,
} from './message-store';
import type { StoreEvents } from './sqlite-message-store';
import { underSendLimit, type SendLimit } from './send-limit';

/** Room for the envelope, ids and counters around a message body in its NOTIFY payload. */
const EVENT_OVERHEAD_BYTES = 1200;

const counterJson = (t: string) =>
  `json_build_object('id', ${t}.id, 'buyerId', ${t}."buyerId", 'sellerId', ${t}."sellerId", 'lastSeq', ${t}."lastSeq",
    'buyerReadSeq', ${t}."buyerReadSeq", 'sellerReadSeq', ${t}."sellerReadSeq",
    'buyerDeliveredSeq', ${t}."buyerDeliveredSeq", 'sellerDeliveredSeq', ${t}."sellerDeliveredSeq",
    'updatedAt', ${t}."updatedAt")`;

/**
 * A CTE locking the conversations of `ids` in id order. An UPDATE ... FROM locks rows in its plan's order, so a send
 * batch and a delivered flush could each hold a row the other waited for; taking them in one order first, in every
 * statement that updates several, rules that out. `LOCKED_FIRST` in the UPDATE's condition reads the whole CTE before
 * the first row is updated.
 */
const lockInIdOrder = (ids: RawBuilder<unknown>) =>
  sql`locked as materialized (
    select c.id from conversations c where c.id in (${ids}) order by c.id for no key update
  )`;
const LOCKED_FIRST = sql.raw('(select count(*) from locked) >= 0');

/**
 * PostgreSQL: one statement per send does the checks, numbers the message under the conversation's row lock,
 * stores it and NOTIFYs its event (sent at commit, in commit order, payload complete so no process re-reads).
 * Delivered marks queued in one turn of the event loop move in one statement with their receipts.
 * Without a NOTIFY channel (a memory bus on PostgreSQL: one process) the events go through the bus after commit.
 */
interface SendJob {
  m: NewMessage;
  resolve(stored: StoredMessage | null): void;
  reject(err: unknown): void;
}

async function settle(job: SendJob, run: () => Promise<StoredMessage | null>) {
  try {
    job.resolve(await run());
  } catch (err) {
    job.reject(err);
  }
}

const busyKeys = (job: SendJob) => [`conversation:${job.m.conversationId}`, `sender:${job.m.senderId}`];

/** Send batches in flight at once; the pool keeps the rest of its connections for everything else. */
const MAX_SEND_BATCHES = 4;

export class PostgresMessageStore implements MessageStore {
  private queue: SendJob[] = [];
  private scheduled = false;
  private batches = 0;
  /** Conversations and senders with a message in a batch in flight. */
  private readonly busy = new Set<string>();
  private pending: Array<{ mark: DeliveredMark; resolve(moved: boolean): void; reject(err: unknown): void }> = [];

  constructor(
    private readonly db: Database,
    private readonly channel: string | undefined,
    private readonly events: StoreEvents,
    private readonly limit: SendLimit,
  ) {}

  store(m: NewMessage): Promise<StoredMessage | null> {
    return new Promise((resolve, reject) => {
      this.queue.push({ m, resolve, reject });
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled || !this.queue.length || this.batches >= MAX_SEND_BATCHES) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.startBatch();
    });
  }

  /**
   * Group commit: the sends queued meanwhile go in one statement, one per conversation and per sender. A message
   * waits while an earlier one of its conversation or sender is queued or in flight, so each conversation's messages
   * commit in order and a sender's send limit is counted over everything they stored; the rest go ahead in another
   * batch, so a conversation whose row is held elsewhere stalls only its own messages.
   */
  private startBatch() {
    const taken = new Set<string>();
    const batch: SendJob[] = [];
    const later: SendJob[] = [];
    for (const job of this.queue) {
      const [conversation, sender] = busyKeys(job);
      const free = !this.busy.has(conversation) && !this.busy.has(sender);
      const first = !taken.has(conversation) && !taken.has(sender);
      (free && first ? batch : later).push(job);
      taken.add(conversation).add(sender);
    }
    this.queue = later;
    if (!batch.length) return;
    const keys = batch.flatMap(busyKeys);
    for (const key of keys) this.busy.add(key);
    this.batches += 1;
    void this.storeBatch(batch)
      // Settled jobs ignore this; it only answers any a failure left waiting.
      .catch((err: unknown) => batch.forEach((job) => job.reject(err)))
      .finally(() => {
        for (const key of keys) this.busy.delete(key);
        this.batches -= 1;
        this.schedule();
      });
    this.schedule();
  }

  private async storeBatch(batch: SendJob[]) {
    if (batch.length === 1) return settle(batch[0], () => this.storeOne(batch[0].m));
    // Sorted so a failed batch retries its messages in id order (the statement itself locks rows in id order).
    batch.sort((a, b) => (a.m.conversationId < b.m.conversationId ? -1 : 1));
    let rows: Array<ConversationCounters & { ord: number }>;
    try {
      rows = await this.insertMany(batch.map((j) => j.m));
    } catch {
      // One message failed the statement (a resend racing its original, say): each goes alone, so only it fails.
      for (const job of batch) await settle(job, () => this.storeOne(job.m));
      return;
    }
    const byOrd = new Map(rows.map((r) => [Number(r.ord), r]));
    batch.forEach((job, i) => {
      const counters = byOrd.get(i + 1);
      const stored = counters
        ? { row: messageRow(job.m, counters.lastSeq), counters: withoutNotified(counters) }
        : null;
      if (stored && !this.channel) this.events.stored(stored);
      job.resolve(stored);
    });
  }

  /** The batch's checks, numbering, rows and NOTIFYs in one statement; answers the stored ones with their position. */
  private async insertMany(ms: NewMessage[]) {
    const truncated = ms.map((m) => Buffer.byteLength(m.body) + EVENT_OVERHEAD_BYTES > MAX_NOTIFY_BYTES);
    const col = <T>(f: (m: NewMessage, i: number) => T) => ms.map(f);
    const notify = this.channel
      ? sql`, notified as (
          select pg_notify(${this.channel}, json_build_object(
            'audience', json_build_object('userIds', json_build_array(b."buyerId", b."sellerId")),
            'type', ${CHAT_EVENTS.message}::text,
            'data', json_build_object(
              'message', json_build_object('id', b."messageId", 'conversationId', b.id, 'seq', b."lastSeq",
                'senderId', b."senderId", 'clientId', b."clientId", 'body', b."eventBody", 'attachment', null,
                'createdAt', b."createdAt"),
              'conversation', ${sql.raw(counterJson('b'))})::jsonb
              || case when b.truncated then '{"truncated":true}'::jsonb else '{}'::jsonb end)::text) as n
          from bump b)
        select b.*, (select count(*) from notified) as notified from bump b`
      : sql`select b.* from bump b`;
    const next = sql.raw('c.last_seq + 1');
    const { rows } = await executeNamed(
      this.db,
      sql<ConversationCounters & { ord: number }>`
      with input as (
        select * from unnest(${col((m) => m.id)}::text[], ${col((m) => m.conversationId)}::text[],
          ${col((m) => m.side)}::text[], ${col((m) => m.senderId)}::text[], ${col((m) => m.recipientId)}::text[],
          ${col((m) => m.clientId)}::text[], ${col((m) => m.body)}::text[], ${col((m) => m.preview)}::text[],
          ${col((m, i) => (truncated[i] ? '' : m.body))}::text[], ${col((m) => m.now)}::bigint[],
          ${truncated}::boolean[])
          with ordinality as i(id, conversation_id, side, sender_id, recipient_id, client_id, body, preview,
            event_body, now, truncated, ord)
      ),
      allowed as (
        select i.* from input i
        where exists (select 1 from users u left join deleted_users d on d.uid = u.id
            where u.id = i.recipient_id and not u.disabled and d.status is distinct from 'unresolved')
          and not exists (select 1 from user_blocks ub where (ub.blocker_id = i.sender_id and ub.blocked_id = i.recipient_id)
            or (ub.blocker_id = i.recipient_id and ub.blocked_id = i.sender_id))
          and not exists (select 1 from messages m where m.sender_id = i.sender_id and m.client_id = i.client_id)
          and ${underSendLimit(this.limit, sql`i.sender_id`, (ms) => sql`i.now - ${sql.lit(ms)}`)}
      ),
      ${lockInIdOrder(sql`select conversation_id from input`)},
      bump as (
        update conversations c set last_seq = ${next},
          buyer_read_seq = case when a.side = 'buyer' then ${next} else c.buyer_read_seq end,
          buyer_delivered_seq = case when a.side = 'buyer' then ${next} else c.buyer_delivered_seq end,
          seller_read_seq = case when a.side = 'seller' then ${next} else c.seller_read_seq end,
          seller_delivered_seq = case when a.side = 'seller' then ${next} else c.seller_delivered_seq end,
          last_message_preview = a.preview, last_message_attachment = false, last_sender_id = a.sender_id,
          last_message_at = a.now, updated_at = a.now
        from allowed a where c.id = a.conversation_id and ${LOCKED_FIRST}
        returning ${sql.raw(COUNTER_SQL.replace(/\bid,/, 'c.id,'))}, a.id as "messageId", a.sender_id as "senderId",
          a.client_id as "clientId", a.body, a.event_body as "eventBody", a.now as "createdAt", a.truncated, a.ord
      ),
      inserted as (
        insert into messages (id, conversation_id, seq, sender_id, client_id, body, created_at)
        select b."messageId", b.id, b."lastSeq", b."senderId", b."clientId", b.body, b."createdAt" from bump b
        returning 1
      )
      ${notify}`,
    );
    return rows;
  }

  /** One message in one statement: the path of a batch of one, and of each message of a batch that failed. */
  private async storeOne(m: NewMessage): Promise<StoredMessage | null> {
    // A body too large for one NOTIFY is left out of the event and fetched by the clients.
    const truncated = Buffer.byteLength(m.body) + EVENT_OVERHEAD_BYTES > MAX_NOTIFY_BYTES;
    const notify = this.channel
      ? sql`, notified as (
          select pg_notify(${this.channel}, json_build_object(
            'audience', json_build_object('userIds', json_build_array(b."buyerId", b."sellerId")),
            'type', ${CHAT_EVENTS.message}::text,
            'data', json_build_object(
              'message', json_build_object('id', ${m.id}::text, 'conversationId', b.id, 'seq', b."lastSeq",
                'senderId', ${m.senderId}::text, 'clientId', ${m.clientId}::text,
                'body', ${truncated ? '' : m.body}::text, 'attachment', null, 'createdAt', ${m.now}::bigint),
              'conversation', ${sql.raw(counterJson('b'))}
              ${sql.raw(truncated ? ", 'truncated', true" : '')}))::text) as n
          from bump b join inserted on true)
        select b.*, (select count(*) from notified) as notified from bump b join inserted on true`
      : sql`select b.* from bump b join inserted on true`;
    const next = sql.raw('c.last_seq + 1');
    const { rows } = await executeNamed(
      this.db,
      sql<ConversationCounters>`
      with bump as (
        update conversations c set last_seq = ${next},
          buyer_read_seq = case when ${m.side}::text = 'buyer' then ${next} else c.buyer_read_seq end,
          buyer_delivered_seq = case when ${m.side}::text = 'buyer' then ${next} else c.buyer_delivered_seq end,
          seller_read_seq = case when ${m.side}::text = 'seller' then ${next} else c.seller_read_seq end,
          seller_delivered_seq = case when ${m.side}::text = 'seller' then ${next} else c.seller_delivered_seq end,
          last_message_preview = ${m.preview}, last_message_attachment = false, last_sender_id = ${m.senderId},
          last_message_at = ${m.now}::bigint, updated_at = ${m.now}::bigint
        where c.id = ${m.conversationId}
          and exists (select 1 from users u left join deleted_users d on d.uid = u.id
            where u.id = ${m.recipientId} and not u.disabled and d.status is distinct from 'unresolved')
          and not exists (select 1 from user_blocks where (blocker_id = ${m.senderId} and blocked_id = ${m.recipientId})
            or (blocker_id = ${m.recipientId} and blocked_id = ${m.senderId}))
          and not exists (select 1 from messages where sender_id = ${m.senderId} and client_id = ${m.clientId})
          and ${underSendLimit(this.limit, sql`${m.senderId}::text`, (ms) => sql`${m.now - ms}::bigint`)}
        returning ${sql.raw(COUNTER_SQL.replace(/\bid,/, 'c.id,'))}
      ),
      inserted as (
        insert into messages (id, conversation_id, seq, sender_id, client_id, body, created_at)
        select ${m.id}::text, b.id, b."lastSeq", ${m.senderId}::text, ${m.clientId}::text, ${m.body}::text,
          ${m.now}::bigint from bump b
        returning 1
      )
      ${notify}`,
    );
    const counters = rows[0];
    if (!counters) return null;
    const stored = { row: messageRow(m, counters.lastSeq), counters: withoutNotified(counters) };
    if (!this.channel) this.events.stored(stored);
    return stored;
  }

  delivered(marks: DeliveredMark[]) {
    return Promise.all(
      marks.map(
        (mark) =>
          new Promise<boolean>((resolve, reject) => {
            this.pending.push({ mark, resolve, reject });
            if (this.pending.length === 1) setImmediate(() => void this.flushDelivered());
          }),
      ),
    );
  }

  /** Every mark queued since the last flush: one row per conversation, both sides' seqs, one statement. */
  private async flushDelivered() {
    const batch = this.pending;
    this.pending = [];
    const byConversation = new Map<string, { buyer: number; seller: number }>();
    for (const { mark } of batch) {
      const entry = byConversation.get(mark.conversationId) ?? { buyer: 0, seller: 0 };
      entry[mark.side] = Math.max(entry[mark.side], mark.seq);
      byConversation.set(mark.conversationId, entry);
    }
    const ids = [...byConversation.keys()].sort();
    const buyerSeqs = ids.map((id) => byConversation.get(id)!.buyer);
    const sellerSeqs = ids.map((id) => byConversation.get(id)!.seller);
    const moved = (side: 'buyer' | 'seller', t: string) =>
      `(i.${side}_seq > 0 and ${t}.${side}_delivered_seq = least(i.${side}_seq, ${t}.last_seq))`;
    const notify = this.channel
      ? sql`, notified as (
          select pg_notify(${this.channel}, json_build_object('audience', json_build_object('userIds',
            json_build_array(a.uid)), 'type', ${CHAT_EVENTS.receipt}::text,
            'data', json_build_object('conversation', ${sql.raw(counterJson('u'))}))::text) as n
          from moved u cross join lateral (values (case when u."buyerMoved" then u."sellerId" end),
            (case when u."sellerMoved" then u."buyerId" end)) a(uid) where a.uid is not null)
        select u.*, (select count(*) from notified) as notified from moved u`
      : sql`select u.* from moved u`;
    try {
      const { rows } = await executeNamed(
        this.db,
        sql<ConversationCounters & { buyerMoved: boolean; sellerMoved: boolean }>`
        with input as (
          select * from unnest(${ids}::text[], ${buyerSeqs}::int[], ${sellerSeqs}::int[]) as i(id, buyer_seq, seller_seq)
        ),
        ${lockInIdOrder(sql`select id from input`)},
        moved as (
          update conversations c set
            buyer_delivered_seq = greatest(c.buyer_delivered_seq, least(i.buyer_seq, c.last_seq)),
            seller_delivered_seq = greatest(c.seller_delivered_seq, least(i.seller_seq, c.last_seq))
          from input i
          where c.id = i.id and ${LOCKED_FIRST} and (c.buyer_delivered_seq < least(i.buyer_seq, c.last_seq)
            or c.seller_delivered_seq < least(i.seller_seq, c.last_seq))
          returning ${sql.raw(COUNTER_SQL.replace(/\bid,/, 'c.id,'))},
            ${sql.raw(moved('buyer', 'c'))} as "buyerMoved", ${sql.raw(moved('seller', 'c'))} as "sellerMoved"
        )
        ${notify}`,
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      if (!this.channel)
        for (const r of rows) {
          if (r.buyerMoved) this.events.receipt(withoutNotified(r), r.sellerId);
          if (r.sellerMoved) this.events.receipt(withoutNotified(r), r.buyerId);
        }
      for (const { mark, resolve } of batch) {
        const r = byId.get(mark.conversationId);
        resolve(!!r && (mark.side === 'buyer' ? r.buyerMoved : r.sellerMoved));
      }
    } catch (err) {
      for (const { reject } of batch) reject(err);
    }
  }
}

/** The counters alone, without the helper columns a statement returned next to them. */
function withoutNotified(row: ConversationCounters & object): ConversationCounters {
  const { id, buyerId, sellerId, lastSeq, buyerReadSeq, sellerReadSeq, buyerDeliveredSeq, sellerDeliveredSeq } = row;
  return {
    id,
    buyerId,
    sellerId,
    lastSeq,
    buyerReadSeq,
    sellerReadSeq,
    buyerDeliveredSeq,
    sellerDeliveredSeq,
    updatedAt: row.updatedAt,
  };
}
