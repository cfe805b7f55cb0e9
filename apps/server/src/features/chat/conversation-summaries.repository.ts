import { sql, type Expression, type ExpressionBuilder } from 'kysely';
import { containsNeedle, containsText } from '../../db/contains-text';
import { engineOf } from '../../db/database';
import { listingTitleFor } from '../../db/listing-titles';
import type { Db } from './conversations.repository';

type SummaryOptions = {
  q?: string;
  cursor?: { updatedAt: number; id: string };
  limit: number;
  id?: string;
  /** Only these conversations (a search's slice of the list). */
  ids?: string[];
  /** The text of each conversation's newest this many messages is searched (all of them when not given). */
  newestMessages?: number;
};

/** The rows behind the conversation list (and one conversation): newest activity first, keyset-paged. */
export async function selectSummaries(db: Db, userId: string, opts: SummaryOptions) {
  let query = db
    .selectFrom('conversations as c')
    .innerJoin('listings as l', 'l.id', 'c.listingId')
    .innerJoin('users as b', 'b.id', 'c.buyerId')
    .innerJoin('users as s', 's.id', 'c.sellerId')
    .leftJoin('deletedUsers as bd', 'bd.uid', 'c.buyerId')
    .leftJoin('deletedUsers as sd', 'sd.uid', 'c.sellerId')
    .select([
      'c.id',
      'c.listingId',
      'c.buyerId',
      'c.sellerId',
      'c.createdAt',
      'c.updatedAt',
      'c.lastSeq',
      'c.buyerReadSeq',
      'c.sellerReadSeq',
      'c.buyerDeliveredSeq',
      'c.sellerDeliveredSeq',
      'c.lastMessagePreview',
      'c.lastMessageAttachment',
      'c.lastSenderId',
      'c.lastMessageAt',
      'l.status as listingStatus',
      'l.deletedAt as listingDeletedAt',
      'l.sellerId as listingSellerId',
      'b.displayName as buyerName',
      'b.lastActive as buyerLastActive',
      'b.disabled as buyerDisabled',
      'bd.status as buyerDeleted',
      's.displayName as sellerName',
      's.lastActive as sellerLastActive',
      's.disabled as sellerDisabled',
      'sd.status as sellerDeleted',
    ])
    .select((eb) => [
      // The words buyers saw, not what its seller wrote since withdrawing it (decision 043).
      listingTitleFor('l', userId).as('listingTitle'),
      eb
        .selectFrom('listingImages as li')
        .select('li.thumbUrl')
        .whereRef('li.listingId', '=', 'c.listingId')
        .orderBy('li.position')
        .limit(1)
        .as('thumbUrl'),
      // The newest order about this conversation, for the header's link to it (decision 120).
      eb
        .selectFrom('orders as o')
        .select('o.id')
        .whereRef('o.conversationId', '=', 'c.id')
        .orderBy('o.createdAt', 'desc')
        .limit(1)
        .as('orderId'),
      eb.exists(blockBetween(eb, 'c.buyerId', 'c.sellerId')).as('buyerBlockedSeller'),
      eb.exists(blockBetween(eb, 'c.sellerId', 'c.buyerId')).as('sellerBlockedBuyer'),
    ])
    .where((eb) => eb.or([eb('c.buyerId', '=', userId), eb('c.sellerId', '=', userId)]));

  if (opts.id) {
    query = query.where('c.id', '=', opts.id);
  } else if (opts.ids) {
    query = query.where('c.id', 'in', opts.ids.length ? opts.ids : ['']);
  } else {
    // Conversations opened but never written in stay out of both lists.
    query = query.where('c.lastSeq', '>', 0);
  }
  if (opts.q) {
    const engine = engineOf(db);
    const needle = containsNeedle(engine, opts.q);
    const contains = (column: string | Expression<string>) => containsText(engine, column, needle);
    query = query.where((eb) =>
      eb.or([
        // The title the member is shown, so a search finds no words the list does not show.
        contains(listingTitleFor('l', userId)),
        eb.and([eb('c.buyerId', '=', userId), contains('s.displayName')]),
        eb.and([eb('c.sellerId', '=', userId), contains('b.displayName')]),
        eb.exists(
          eb
            .selectFrom('messages as m')
            .select(sql`1`.as('one'))
            .whereRef('m.conversationId', '=', 'c.id')
            .$if(opts.newestMessages !== undefined, (m) =>
              m.where('m.seq', '>', sql<number>`${sql.ref('c.lastSeq')} - ${opts.newestMessages}`),
            )
            .where(contains('m.body')),
        ),
      ]),
    );
  }
  if (opts.cursor) query = query.where((eb) => afterListCursor(eb, opts.cursor!));
  return query.orderBy('c.updatedAt', 'desc').orderBy('c.id', 'desc').limit(opts.limit).execute();
}

export type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

/** The member's written-in conversations after the cursor, in list order: where a search looks next. */
export async function conversationWindow(
  db: Db,
  userId: string,
  cursor: { updatedAt: number; id: string } | undefined,
  limit: number,
) {
  let query = db
    .selectFrom('conversations as c')
    .select(['c.id', 'c.updatedAt', 'c.lastSeq'])
    .where((eb) => eb.or([eb('c.buyerId', '=', userId), eb('c.sellerId', '=', userId)]))
    .where('c.lastSeq', '>', 0);
  if (cursor) query = query.where((eb) => afterListCursor(eb, cursor));
  return query.orderBy('c.updatedAt', 'desc').orderBy('c.id', 'desc').limit(limit).execute();
}

/** Rows after the cursor in list order (newest activity first). */
function afterListCursor(eb: ExpressionBuilder<any, any>, { updatedAt, id }: { updatedAt: number; id: string }) {
  return eb.or([eb('c.updatedAt', '<', updatedAt), eb.and([eb('c.updatedAt', '=', updatedAt), eb('c.id', '<', id)])]);
}

function blockBetween(eb: ExpressionBuilder<any, any>, blocker: string, blocked: string) {
  return eb
    .selectFrom('userBlocks as ub')
    .select(sql`1`.as('one'))
    .whereRef('ub.blockerId', '=', blocker)
    .whereRef('ub.blockedId', '=', blocked);
}
