import type { Database } from '../../db/database';
import { blockEitherWay } from '../../db/member-blocks';

export type Side = 'buyer' | 'seller';

/** A conversation the sweep looks at: its counters and both sides' read and mailed marks. */
export interface QuietConversation {
  id: string;
  listingId: string;
  buyerId: string;
  sellerId: string;
  lastSeq: number;
  lastMessageAt: number;
  buyerReadSeq: number;
  sellerReadSeq: number;
  buyerMailedSeq: number;
  sellerMailedSeq: number;
}

/** Conversations where a side has unread messages and no notice waiting to be read, as the sweep reads them. */
const withNoticeDue = (db: Database) =>
  db
    .selectFrom('conversations')
    .select([
      'id',
      'listingId',
      'buyerId',
      'sellerId',
      'lastSeq',
      'buyerReadSeq',
      'sellerReadSeq',
      'buyerMailedSeq',
      'sellerMailedSeq',
    ])
    .select('lastMessageAt')
    .where((eb) =>
      eb.or([
        eb.and([eb('lastSeq', '>', eb.ref('buyerReadSeq')), eb('buyerMailedSeq', '<=', eb.ref('buyerReadSeq'))]),
        eb.and([eb('lastSeq', '>', eb.ref('sellerReadSeq')), eb('sellerMailedSeq', '<=', eb.ref('sellerReadSeq'))]),
      ]),
    )
    .$narrowType<{ lastMessageAt: number }>();

/**
 * Conversations whose last message falls in (after, until], in (lastMessageAt, id) order from the index, keeping only
 * those where a side has unread messages and no notice waiting to be read. The sort is the index's own order (the
 * column, not an expression of it).
 */
export function quietConversations(
  db: Database,
  after: { at: number; id: string },
  until: number,
  limit: number,
): Promise<QuietConversation[]> {
  return withNoticeDue(db)
    .where((eb) => eb(eb.refTuple('lastMessageAt', 'id'), '>', eb.tuple(after.at, after.id)))
    .where('lastMessageAt', '<=', until)
    .orderBy('lastMessageAt')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * The conversations named that still have a notice due and whose last message is at or before `upTo` (a sweep's retry
 * of those that failed behind its position; one written to since is the walk's again).
 */
export function quietConversationsIn(
  db: Database,
  ids: string[],
  upTo: { at: number; id: string },
): Promise<QuietConversation[]> {
  return withNoticeDue(db)
    .where('id', 'in', ids)
    .where((eb) => eb(eb.refTuple('lastMessageAt', 'id'), '<=', eb.tuple(upTo.at, upTo.id)))
    .orderBy('id')
    .execute();
}

/**
 * What a notice to `readerId` needs, or undefined when none may go: the reader is disabled, deleted, unverified or
 * turned these mails off, a block stands between the two either way, or the writer's account was closed. `unread`
 * counts the writer's messages after the reader's mark (order events have their own mail).
 */
export async function noticeFacts(
  db: Database,
  c: QuietConversation,
  readerId: string,
  writerId: string,
  readSeq: number,
) {
  const row = await db
    .selectFrom('users as r')
    .innerJoin('users as w', (j) => j.on('w.id', '=', writerId))
    .leftJoin('deletedUsers as d', 'd.uid', 'r.id')
    .leftJoin('deletedUsers as wd', 'wd.uid', 'w.id')
    .leftJoin('emailPreferences as p', 'p.userId', 'r.id')
    .leftJoin('listings as l', (j) => j.on('l.id', '=', c.listingId))
    .select(['r.email', 'r.disabled', 'r.emailVerified', 'd.status as deletion', 'p.unreadMessages'])
    .select(['w.displayName as writerName', 'w.disabled as writerDisabled', 'wd.status as writerDeletion', 'l.title'])
    .select((eb) =>
      eb
        .selectFrom('messages as m')
        .select((m) => m.fn.countAll<number>().as('n'))
        .where('m.conversationId', '=', c.id)
        .where('m.seq', '>', readSeq)
        .where('m.kind', '=', 'user')
        .where('m.senderId', '=', writerId)
        .as('unread'),
    )
    .select(blockEitherWay(readerId, writerId).as('blocked'))
    .where('r.id', '=', readerId)
    .executeTakeFirst();
  const unread = Number(row?.unread ?? 0);
  if (!row || unread === 0 || row.disabled || !row.emailVerified || row.deletion === 'unresolved') return undefined;
  if (row.unreadMessages === false || Boolean(row.blocked)) return undefined;
  // A writer in a block with the reader, or whose account was closed, cannot be answered: the mail asks for a reply.
  if (row.writerDisabled || row.writerDeletion === 'unresolved') return undefined;
  return { email: row.email, writerName: row.writerName, title: row.title ?? 'a listing', unread };
}

/** Record that a notice covers everything up to `lastSeq`, only if the side's marks are still the ones decided on. */
export async function claimNotice(db: Database, c: QuietConversation, side: Side) {
  const [read, mailed] =
    side === 'buyer' ? (['buyerReadSeq', 'buyerMailedSeq'] as const) : (['sellerReadSeq', 'sellerMailedSeq'] as const);
  const res = await db
    .updateTable('conversations')
    .set({ [mailed]: c.lastSeq })
    .where('id', '=', c.id)
    .where('lastSeq', '=', c.lastSeq)
    .where(read, '=', c[read])
    .where(mailed, '=', c[mailed])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
