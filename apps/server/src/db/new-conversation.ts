import { newId } from '../lib/ids';
import type { Database } from './database';
import type { ConversationsTable } from './schema';

export interface ConversationParties {
  listingId: string;
  buyerId: string;
  sellerId: string;
}

/** A conversation about a listing between its buyer and its seller with nothing said yet: every marker at 0. */
export function newConversation(parties: ConversationParties, now: number, id = newId()): ConversationsTable {
  return {
    id,
    ...parties,
    createdAt: now,
    updatedAt: now,
    lastSeq: 0,
    buyerReadSeq: 0,
    sellerReadSeq: 0,
    buyerDeliveredSeq: 0,
    sellerDeliveredSeq: 0,
    buyerMailedSeq: 0,
    sellerMailedSeq: 0,
    lastMessagePreview: '',
    lastMessageAttachment: false,
    lastSenderId: null,
    lastMessageAt: null,
    buyerFirstMessageAt: null,
    sellerFirstMessageAt: null,
  };
}

/**
 * The buyer's conversation about the listing (chat's "Message the seller", an order's own talk), made when they have
 * none. There is one per buyer and listing (a unique index), so two made at once are one; `created` says if this made it.
 */
export async function openConversation(db: Database, parties: ConversationParties, now: number) {
  const inserted = await db
    .insertInto('conversations')
    .values(newConversation(parties, now))
    .onConflict((oc) => oc.columns(['listingId', 'buyerId']).doNothing())
    .executeTakeFirst();
  const row = await db
    .selectFrom('conversations')
    .select('id')
    .where('listingId', '=', parties.listingId)
    .where('buyerId', '=', parties.buyerId)
    .executeTakeFirstOrThrow();
  return { id: row.id, created: Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 };
}
