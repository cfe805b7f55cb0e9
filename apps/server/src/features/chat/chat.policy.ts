import type { AuthUser } from '../../plugins/auth';
import type { ConversationsTable } from '../../db/schema';
import { CHAT_MESSAGES } from '@accountry/shared/chat';
import { isPublicListing } from '@accountry/shared/listing-rules';

/** Only the buyer and the seller of a conversation read or write it; admins read reported ones from the admin area. */
export function isParticipant(
  user: Pick<AuthUser, 'id'>,
  conversation: Pick<ConversationsTable, 'buyerId' | 'sellerId'>,
) {
  return conversation.buyerId === user.id || conversation.sellerId === user.id;
}

/** Images in a conversation are seen by its two parties, and by admins only once it was reported (decision 052). */
export function canViewAttachment(
  user: Pick<AuthUser, 'id' | 'role'>,
  conversation: Pick<ConversationsTable, 'buyerId' | 'sellerId'>,
  reported: boolean,
) {
  return isParticipant(user, conversation) || (user.role === 'admin' && reported);
}

export type ChatListing = { id: string; sellerId: string; status: string; deletedAt?: number | null };

/**
 * Why the user may not start a conversation about this listing, or null when they may. A draft (private to its seller)
 * and a hidden listing (withdrawn by moderation) are answered exactly as a missing one: an id must not tell anyone
 * else that they exist. A buyer already in a conversation about it is answered before this (the service).
 */
export function cannotStartConversation(
  user: Pick<AuthUser, 'id'>,
  listing: ChatListing | undefined,
): { status: number; message: string } | null {
  if (!listing || listing.deletedAt) return { status: 404, message: CHAT_MESSAGES.listingNotFound };
  if (listing.sellerId === user.id) return { status: 400, message: CHAT_MESSAGES.ownListing };
  if (!isPublicListing(listing)) return { status: 404, message: CHAT_MESSAGES.listingNotFound };
  return null;
}
