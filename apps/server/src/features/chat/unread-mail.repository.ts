import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from '../../db/database';
import { listingTitleFor } from '../../db/listing-titles';
import { blockEitherWay } from '../../db/member-blocks';
import type { DB } from '../../db/schema';

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
 * SQL: whether a notice to `readerId` about `writerId`'s messages may go: the reader is active, verified, not deleted
 * and did not turn these mails off (no preferences row: on), no block stands between the two either way, and the
 * writer's account is neither disabled nor closed (the mail asks for a reply). The one place these are written: the
 * read of a notice's facts and its claim both take it, so a change committed between the two stops the claim.
 */
function noticeAllowed(
  // Any statement's builder (aliases included): the condition reads its own tables only.
  eb: ExpressionBuilder<DB, any>,
  readerId: string,
  writerId: string,
): Expression<SqlBool> {
  const usable = (id: string, verified: boolean) =>
    eb.exists(
      eb
        .selectFrom('users as nu')
        .select('nu.id')
        .where('nu.id', '=', id)
        .where('nu.disabled', '=', false)
        .$if(verified, (q) => q.where('nu.emailVerified', '=', true)),
    );
  return eb.and([
    usable(readerId, true),
    usable(writerId, false),
    eb.not(
      eb.exists(
        eb
          .selectFrom('deletedUsers as nd')
          .select('nd.uid')
          .where('nd.uid', 'in', [readerId, writerId])
          .where('nd.status', '=', 'unresolved'),
      ),
    ),
    eb.not(
      eb.exists(
        eb
          .selectFrom('emailPreferences as np')
          .select('np.userId')
          .where('np.userId', '=', readerId)
          .where('np.unreadMessages', '=', false),
      ),
    ),
    eb.not(blockEitherWay(readerId, writerId)),
  ]);
}

/**
 * What a notice to `readerId` needs, or undefined when none may go (`noticeAllowed`) or nothing is unread. `unread`
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
    .leftJoin('listings as l', (j) => j.on('l.id', '=', c.listingId))
    .select(['r.email', 'w.displayName as writerName'])
    // As the reader's chat shows it: a buyer is not mailed words its seller wrote after withdrawing it (decision 043).
    .select((eb) => [
      listingTitleFor('l', readerId).as('title'),
      eb
        .selectFrom('messages as m')
        .select((m) => m.fn.countAll<number>().as('n'))
        .where('m.conversationId', '=', c.id)
        .where('m.seq', '>', readSeq)
        .where('m.kind', '=', 'user')
        .where('m.senderId', '=', writerId)
        .as('unread'),
    ])
    .where('r.id', '=', readerId)
    .where((eb) => noticeAllowed(eb, readerId, writerId))
    .executeTakeFirst();
  const unread = Number(row?.unread ?? 0);
  if (!row || unread === 0) return undefined;
  return { email: row.email, writerName: row.writerName, title: row.title ?? 'a listing', unread };
}

/**
 * Record that a notice covers everything up to `lastSeq`, only if the side's marks are still the ones decided on and
 * the notice may still go: a block, an opt-out or a closed account committed since the facts were read stops it.
 */
export async function claimNotice(db: Database, c: QuietConversation, side: Side) {
  const [read, mailed] =
    side === 'buyer' ? (['buyerReadSeq', 'buyerMailedSeq'] as const) : (['sellerReadSeq', 'sellerMailedSeq'] as const);
  const [readerId, writerId] = side === 'buyer' ? [c.buyerId, c.sellerId] : [c.sellerId, c.buyerId];
  const res = await db
    .updateTable('conversations')
    .set({ [mailed]: c.lastSeq })
    .where('id', '=', c.id)
    .where('lastSeq', '=', c.lastSeq)
    .where(read, '=', c[read])
    .where(mailed, '=', c[mailed])
    .where((eb) => noticeAllowed(eb, readerId, writerId))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
