import type { Database } from '../../db/database';
import { isoTime, who } from './export-values';

/** Messages read a page at a time: a long chat is never held whole while other requests wait for the database. */
const MESSAGE_PAGE = 500;

/** The member's conversations, oldest first, each with every message (order events included) in order. */
export async function* conversationsSection(db: Database, userId: string, publicUrl: string) {
  const conversations = await db
    .selectFrom('conversations as c')
    .innerJoin('listings as l', 'l.id', 'c.listingId')
    .innerJoin('users as b', 'b.id', 'c.buyerId')
    .innerJoin('users as s', 's.id', 'c.sellerId')
    .select([
      'c.id',
      'c.listingId',
      'l.title',
      'c.buyerId',
      'c.sellerId',
      'b.displayName as buyerName',
      's.displayName as sellerName',
      'c.createdAt',
    ])
    .where((eb) => eb.or([eb('c.buyerId', '=', userId), eb('c.sellerId', '=', userId)]))
    .orderBy('c.createdAt')
    .orderBy('c.id')
    .execute();
  for (const c of conversations) {
    const youAreBuyer = c.buyerId === userId;
    yield {
      id: c.id,
      listing: { id: c.listingId, title: c.title },
      youAre: youAreBuyer ? 'buyer' : 'seller',
      with: youAreBuyer ? c.sellerName : c.buyerName,
      startedAt: isoTime(c.createdAt),
      messages: await messagesOf(db, c.id, userId, { [c.buyerId]: c.buyerName, [c.sellerId]: c.sellerName }, publicUrl),
    };
  }
}

async function messagesOf(
  db: Database,
  conversationId: string,
  userId: string,
  names: Record<string, string>,
  publicUrl: string,
) {
  const out = [];
  for (let after = 0; ;) {
    const page = await db
      .selectFrom('messages')
      .select(['seq', 'kind', 'senderId', 'body', 'attachmentId', 'createdAt'])
      .where('conversationId', '=', conversationId)
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(MESSAGE_PAGE)
      .execute();
    for (const m of page)
      out.push({
        from: m.kind === 'system' ? 'Accountry' : who(m.senderId, userId, names[m.senderId ?? ''] ?? null),
        text: m.body,
        attachment: m.attachmentId ? `${publicUrl}/api/chat/attachments/${m.attachmentId}` : null,
        at: isoTime(m.createdAt),
      });
    if (page.length < MESSAGE_PAGE) return out;
    after = page[page.length - 1]!.seq;
  }
}
