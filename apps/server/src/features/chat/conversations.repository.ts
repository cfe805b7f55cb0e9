import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/database';
import type { ConversationsTable, DB } from '../../db/schema';
import { sendAllowed } from './safety.repository';
import { BLOCKED_COLUMN, blockInConversation } from './block-receipts';
import type { SendLimit } from './send-limit';

/** The database or a transaction on it. */
export type Db = Database;

const COUNTER_COLUMNS = [
  'id',
  'buyerId',
  'sellerId',
  'lastSeq',
  'buyerReadSeq',
  'sellerReadSeq',
  'buyerDeliveredSeq',
  'sellerDeliveredSeq',
  'updatedAt',
] as const;

export async function findConversation(db: Db, id: string): Promise<ConversationsTable | undefined> {
  return db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findConversationFor(db: Db, listingId: string, buyerId: string) {
  return db
    .selectFrom('conversations')
    .selectAll()
    .where('listingId', '=', listingId)
    .where('buyerId', '=', buyerId)
    .executeTakeFirst();
}

export async function findListingForChat(db: Db, listingId: string) {
  return db
    .selectFrom('listings')
    .select(['id', 'sellerId', 'status', 'deletedAt'])
    .where('id', '=', listingId)
    .executeTakeFirst();
}

/** The numbering UPDATE of the next message, to which callers add their conditions. */
function bump(
  trx: Db,
  input: {
    conversationId: string;
    side: 'buyer' | 'seller' | null;
    senderId: string | null;
    preview: string;
    attachment: boolean;
    now: number;
  },
) {
  const next = (eb: ExpressionBuilder<DB, 'conversations'>) => eb('lastSeq', '+', 1);
  return trx
    .updateTable('conversations')
    .set((eb) => ({
      lastSeq: next(eb),
      ...(input.side === 'buyer'
        ? {
            buyerReadSeq: next(eb),
            buyerDeliveredSeq: next(eb),
            buyerFirstMessageAt: eb.fn.coalesce('buyerFirstMessageAt', eb.val(input.now)),
          }
        : input.side === 'seller'
          ? {
              sellerReadSeq: next(eb),
              sellerDeliveredSeq: next(eb),
              sellerFirstMessageAt: eb.fn.coalesce('sellerFirstMessageAt', eb.val(input.now)),
            }
          : {}),
      lastMessagePreview: input.preview,
      lastMessageAttachment: input.attachment,
      lastSenderId: input.senderId,
      lastMessageAt: input.now,
      updatedAt: input.now,
    }))
    .where('id', '=', input.conversationId);
}

/**
 * Number the next message: one UPDATE takes the row lock (PostgreSQL) or the write lock (SQLite), so seqs never collide.
 * Sending moves the sender's own read and delivered markers to their message and, the first time, keeps when their
 * side first wrote (decision 228); a system message (side null) moves none: it is unread news for both parties
 * (decision 120). Whether a block stands comes along: its event then hides each side's markers from the other.
 */
export async function bumpForMessage(trx: Db, input: Parameters<typeof bump>[1]) {
  return bump(trx, input)
    .returning([...COUNTER_COLUMNS, BLOCKED_COLUMN])
    .executeTakeFirstOrThrow();
}

/**
 * Number a member's message only while its send checks still hold (recipient active, no block either way, sender under
 * the limit), as the hot path's statement does (decision 130); undefined when they no longer do.
 */
export async function bumpForSend(
  trx: Db,
  input: Parameters<typeof bump>[1] & { senderId: string; side: 'buyer' | 'seller' },
  checks: { recipientId: string; limit: SendLimit },
) {
  return bump(trx, input)
    .where((eb) => sendAllowed(eb, { ...checks, senderId: input.senderId, now: input.now }))
    .returning(COUNTER_COLUMNS)
    .executeTakeFirst();
}

const least = (a: unknown, b: unknown) => sql<number>`case when ${a} < ${b} then ${a} else ${b} end`;
const greatest = (a: unknown, b: unknown) => sql<number>`case when ${a} > ${b} then ${a} else ${b} end`;

/**
 * Move a side's read (and delivered) marker forward to seq, never past the last message; undefined when nothing moved.
 * Whether a block stands comes along, so the receipt stays with the reader (decision 236).
 */
export async function advanceRead(db: Db, conversationId: string, side: 'buyer' | 'seller', seq: number) {
  const upTo = least(seq, sql.ref<number>('lastSeq'));
  const read = side === 'buyer' ? 'buyerReadSeq' : 'sellerReadSeq';
  const set =
    side === 'buyer'
      ? { buyerReadSeq: upTo, buyerDeliveredSeq: greatest(sql.ref<number>('buyerDeliveredSeq'), upTo) }
      : { sellerReadSeq: upTo, sellerDeliveredSeq: greatest(sql.ref<number>('sellerDeliveredSeq'), upTo) };
  return db
    .updateTable('conversations')
    .set(set)
    .where('id', '=', conversationId)
    .where(read, '<', seq)
    .where(read, '<', sql.ref<number>('lastSeq'))
    .returning([...COUNTER_COLUMNS, BLOCKED_COLUMN])
    .executeTakeFirst();
}

/**
 * How many of a member's conversations, on each side, the unread summary and its delivered marks read: those with the
 * latest activity. Others' messages can give a member any number of conversations; a new message brings one back.
 */
export const UNREAD_WINDOW = 500;

/**
 * The member's latest conversations on one side: those updated since the window's oldest, a range of the (side,
 * updated_at) index (one reading the window's ids and looking each up again may scan the table on PostgreSQL).
 */
function latest(side: 'buyerId' | 'sellerId', userId: string) {
  return (eb: ExpressionBuilder<DB, 'conversations'>) => {
    const edge = eb
      .selectFrom('conversations as w')
      .select('w.updatedAt')
      .where(side === 'buyerId' ? 'w.buyerId' : 'w.sellerId', '=', userId)
      .orderBy('w.updatedAt', 'desc')
      .limit(1)
      .offset(UNREAD_WINDOW - 1);
    return eb.and([eb(side, '=', userId), eb('updatedAt', '>=', eb.fn.coalesce(edge, sql.lit(0)))]);
  };
}

/**
 * Everything the user has been sent in their latest conversations is now on their device: delivered markers move. Each
 * row says whether a block stands, so its receipt is not sent (decision 236).
 */
export async function deliverAll(db: Db, userId: string) {
  const buyer = await db
    .updateTable('conversations')
    .set((eb) => ({ buyerDeliveredSeq: eb.ref('lastSeq') }))
    .where(latest('buyerId', userId))
    .where('buyerDeliveredSeq', '<', sql.ref<number>('lastSeq'))
    .returning([...COUNTER_COLUMNS, BLOCKED_COLUMN])
    .execute();
  const seller = await db
    .updateTable('conversations')
    .set((eb) => ({ sellerDeliveredSeq: eb.ref('lastSeq') }))
    .where(latest('sellerId', userId))
    .where('sellerDeliveredSeq', '<', sql.ref<number>('lastSeq'))
    .returning([...COUNTER_COLUMNS, BLOCKED_COLUMN])
    .execute();
  return [...buyer, ...seller];
}

/** The user's latest conversations with unread messages, with how many. */
export async function unreadByConversation(db: Db, userId: string) {
  const asBuyer = await db
    .selectFrom('conversations')
    .select(['id', sql<number>`last_seq - buyer_read_seq`.as('unread')])
    .where(latest('buyerId', userId))
    .where('buyerReadSeq', '<', sql.ref<number>('lastSeq'))
    .execute();
  const asSeller = await db
    .selectFrom('conversations')
    .select(['id', sql<number>`last_seq - seller_read_seq`.as('unread')])
    .where(latest('sellerId', userId))
    .where('sellerReadSeq', '<', sql.ref<number>('lastSeq'))
    .execute();
  return [...asBuyer, ...asSeller].map((r) => ({ id: r.id, unread: Number(r.unread) }));
}

/** The people the user has talked to (for presence), except blocked pairs. */
export async function counterpartIds(db: Db, userId: string, limit = 2000) {
  const rows = await db
    .selectFrom('conversations as c')
    .select(
      sql<string>`case when ${sql.ref('c.buyerId')} = ${userId} then ${sql.ref('c.sellerId')} else ${sql.ref('c.buyerId')} end`.as(
        'other',
      ),
    )
    .where((eb) => eb.or([eb('c.buyerId', '=', userId), eb('c.sellerId', '=', userId)]))
    .where('c.lastSeq', '>', 0)
    // The member is one of the two parties, so a block between those is one between the member and the other.
    .where((eb) => eb.not(blockInConversation('c')))
    .limit(limit)
    .execute();
  return [...new Set(rows.map((r) => r.other))];
}
