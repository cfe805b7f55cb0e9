import { sql } from 'kysely';
import type { ConversationCounters } from '@accountry/shared/chat';

// Receipts do not cross a block (decision 236): while either party blocks the other, neither hears of the other's
// read or delivered markers. The block is read in the statement that moves a marker or numbers a message, as the
// sends read theirs (decision 130), so no receipt costs a query of its own.

/** SQL: whether either party of the conversation row `t` (a table name or alias) blocked the other. */
export const blockedSql = (t: string) =>
  `exists (select 1 from user_blocks ub where (ub.blocker_id = ${t}.buyer_id and ub.blocked_id = ${t}.seller_id)
    or (ub.blocker_id = ${t}.seller_id and ub.blocked_id = ${t}.buyer_id))`;

/** The same as a `blocked` column beside a conversation's counters (0/1 on SQLite, a boolean on PostgreSQL). */
export const BLOCKED_COLUMN = sql<boolean | number>`${sql.raw(blockedSql('conversations'))}`.as('blocked');

/** Counters returned with a `blocked` column, split into the counters and whether a block stands. */
export function withBlock<T extends ConversationCounters & { blocked: boolean | number }>(row: T) {
  const { blocked, ...counters } = row;
  return { counters: counters as Omit<T, 'blocked'>, blocked: Boolean(blocked) };
}

/** The counters as one party may see them while a block stands: the other side's markers hidden. */
export function seenBy(c: ConversationCounters, viewerId: string): ConversationCounters {
  return c.buyerId === viewerId
    ? { ...c, sellerReadSeq: null, sellerDeliveredSeq: null }
    : { ...c, buyerReadSeq: null, buyerDeliveredSeq: null };
}
