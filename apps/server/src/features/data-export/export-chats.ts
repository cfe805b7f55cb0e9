import type { Database } from '../../db/database';
import { listingTitleFor } from '../../db/listing-titles';
import type { ExportRun } from './export-run';
import { arrayOf, objectEndingWith, pages, whole, type Chunks } from './export-json';
import { isoTime, laterThan, who } from './export-values';

/** Messages read a page at a time: a long chat is never held whole, and other requests run between pages. */
const MESSAGE_PAGE = 500;

/** The member's conversations, oldest first, each with every message (order events included) in order. */
export function conversationsSection(db: Database, r: ExportRun): Chunks {
  return arrayOf(conversationsOf(db, r), 1, (c, depth) =>
    objectEndingWith(c.head, 'messages', depth, (inner) => messagesOf(db, r, c, inner)),
  );
}

/** Conversations read a page at a time too: a member may have any number of them. */
const CONVERSATION_PAGE = 200;

async function* conversationsOf(db: Database, r: ExportRun) {
  const conversations = pages(
    (after: { createdAt: number; id: string } | undefined) =>
      db
        .selectFrom('conversations as c')
        .innerJoin('listings as l', 'l.id', 'c.listingId')
        .innerJoin('users as b', 'b.id', 'c.buyerId')
        .innerJoin('users as s', 's.id', 'c.sellerId')
        .select([
          'c.id',
          'c.listingId',
          'c.buyerId',
          'c.sellerId',
          'b.displayName as buyerName',
          's.displayName as sellerName',
          'c.createdAt',
          // As the member's chat list shows it (decision 043).
          listingTitleFor('l', r.userId).as('title'),
        ])
        .where((eb) => eb.or([eb('c.buyerId', '=', r.userId), eb('c.sellerId', '=', r.userId)]))
        // As in both members' lists, a conversation opened but never written in is no conversation: the seller is not
        // told here who looked at their listing and left.
        .where('c.lastSeq', '>', 0)
        .where('c.createdAt', '<=', r.now)
        .$if(!!after, (q) => q.where(laterThan('c.createdAt', 'c.id', after!)))
        .orderBy('c.createdAt')
        .orderBy('c.id')
        .limit(CONVERSATION_PAGE)
        .execute(),
    CONVERSATION_PAGE,
    r.between,
  );
  for await (const c of conversations) {
    await r.between();
    const youAreBuyer = c.buyerId === r.userId;
    yield {
      id: c.id,
      names: { [c.buyerId]: c.buyerName, [c.sellerId]: c.sellerName },
      head: {
        id: c.id,
        listing: { id: c.listingId, title: c.title },
        youAre: youAreBuyer ? 'buyer' : 'seller',
        with: youAreBuyer ? c.sellerName : c.buyerName,
        startedAt: isoTime(c.createdAt),
      },
    };
  }
}

function messagesOf(db: Database, r: ExportRun, c: { id: string; names: Record<string, string> }, depth: number) {
  const rows = pages(
    (after: { seq: number } | undefined) =>
      db
        .selectFrom('messages')
        .select(['seq', 'kind', 'senderId', 'body', 'attachmentId', 'createdAt'])
        .where('conversationId', '=', c.id)
        .where('seq', '>', after?.seq ?? 0)
        // The data as of the download: nothing written while the file is on its way.
        .where('createdAt', '<=', r.now)
        .orderBy('seq')
        .limit(MESSAGE_PAGE)
        .execute(),
    MESSAGE_PAGE,
    r.between,
  );
  return arrayOf(rows, depth, (m, at) =>
    whole(
      {
        from: m.kind === 'system' ? 'Accountry' : who(m.senderId, r.userId, c.names[m.senderId ?? ''] ?? null),
        text: m.body,
        attachment: m.attachmentId ? `${r.publicUrl}/api/chat/attachments/${m.attachmentId}` : null,
        at: isoTime(m.createdAt),
      },
      at,
    ),
  );
}
