import type { ConversationCounters } from '@accountry/shared/chat';
import type { Database } from '../../db/database';
import { MAX_NOTIFY_BYTES } from '../../realtime/bus';
import {
  messageRow,
  type DeliveredMark,
  type MessageStore,
  type NewMessage,
  type StoredMessage,
} from './message-store';
import type { StoreEvents } from './sqlite-message-store';
import type { SendLimit } from './send-limit';
import { deliveredStatement, sendManyStatement, sendOneStatement } from './postgres-message-statements';

/** Room for the envelope, ids and counters around a message body in its NOTIFY payload. */
const EVENT_OVERHEAD_BYTES = 1200;

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

  private readonly sendOne;
  private readonly sendMany;
  private readonly moveDelivered;

  constructor(
    private readonly db: Database,
    private readonly channel: string | undefined,
    private readonly events: StoreEvents,
    limit: SendLimit,
  ) {
    this.sendOne = sendOneStatement(channel, limit);
    this.sendMany = sendManyStatement(channel, limit);
    this.moveDelivered = deliveredStatement(channel);
  }

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
  private insertMany(ms: NewMessage[]) {
    const truncated = ms.map((m) => Buffer.byteLength(m.body) + EVENT_OVERHEAD_BYTES > MAX_NOTIFY_BYTES);
    const col = <T>(f: (m: NewMessage, i: number) => T) => ms.map(f);
    return this.sendMany.execute(this.db, {
      ids: col((m) => m.id),
      conversationIds: col((m) => m.conversationId),
      sides: col((m) => m.side),
      senderIds: col((m) => m.senderId),
      recipientIds: col((m) => m.recipientId),
      clientIds: col((m) => m.clientId),
      bodies: col((m) => m.body),
      previews: col((m) => m.preview),
      eventBodies: col((m, i) => (truncated[i] ? '' : m.body)),
      nows: col((m) => m.now),
      truncated,
    });
  }

  /** One message in one statement: the path of a batch of one, and of each message of a batch that failed. */
  private async storeOne(m: NewMessage): Promise<StoredMessage | null> {
    // A body too large for one NOTIFY is left out of the event and fetched by the clients.
    const truncated = Buffer.byteLength(m.body) + EVENT_OVERHEAD_BYTES > MAX_NOTIFY_BYTES;
    const eventBody = this.channel ? (truncated ? '' : m.body) : null;
    const [counters] = await this.sendOne.execute(this.db, { ...m, eventBody, truncated });
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
    try {
      const rows = await this.moveDelivered.execute(this.db, { ids, buyerSeqs, sellerSeqs });
      const byId = new Map(rows.map((r) => [r.id, r]));
      if (!this.channel)
        for (const r of rows) {
          if (r.buyerMoved) this.events.delivered(withoutNotified(r), r.sellerId, r.blocked);
          if (r.sellerMoved) this.events.delivered(withoutNotified(r), r.buyerId, r.blocked);
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
