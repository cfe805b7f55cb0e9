import { sql } from 'kysely';
import type { ConversationCounters } from '@accountry/shared/chat';
import { blockEitherWay } from '../../db/member-blocks';

// Receipts do not cross a block (decision 236): while either party blocks the other, neither hears of the other's
// read or delivered markers. The block is read in the statement that moves a marker or numbers a message, as the
// sends read theirs (decision 130), so no receipt costs a query of its own.

/** SQL: whether either party of the conversation row `t` (a table name or alias) blocked the other. */
export const blockInConversation = (t: string) =>
  blockEitherWay(sql.raw<string>(`${t}.buyer_id`), sql.raw<string>(`${t}.seller_id`));

/** The same as a `blocked` column beside a conversation's counters (0/1 on SQLite, a boolean on PostgreSQL). */
export const BLOCKED_COLUMN = blockInConversation('conversations').$castTo<boolean | number>().as('blocked');

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
