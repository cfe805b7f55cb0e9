import {
  CHAT_DELETED_LISTING_STATUS,
  CHAT_MESSAGES,
  type ConversationList,
  type ConversationSummary,
} from '@accountry/shared/chat';
import { unreadFor } from '@accountry/shared/chat-rules';
import { isPublicListing } from '@accountry/shared/listing-rules';
import type { AppDeps } from '../../app';
import type { AuthUser } from '../../plugins/auth';
import type { ConversationsTable } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { ERROR_CODES } from '@accountry/shared/api-error';
import { openConversation } from '../../db/new-conversation';
import { cannotStartConversation, isParticipant } from './chat.policy';
import { deliverAll, findConversation, findConversationFor, findListingForChat } from './conversations.repository';
import { selectSummaries, type SummaryRow } from './conversation-summaries.repository';
import { searchConversations } from './conversation-search.service';
import type { ChatEvents } from './chat-events';
import type { ChatPresence } from './presence.service';
import { seenBy } from './block-receipts';

type Parties = Pick<ConversationsTable, 'id' | 'buyerId' | 'sellerId'>;
const PARTY_CACHE_MAX = 10_000;

/**
 * The listing's picture is shown as its screenshots are served (decision 218): to the buyer while the listing is
 * public, to the seller while it is not deleted; otherwise the file would answer 404.
 */
function listingPictureShown(row: SummaryRow, role: 'buyer' | 'seller') {
  const listing = { status: row.listingStatus, deletedAt: row.listingDeletedAt };
  return isPublicListing(listing) || (role === 'seller' && listing.deletedAt == null);
}

export function encodeCursor(row: { updatedAt: number; id: string }) {
  return `${row.updatedAt}.${row.id}`;
}

export function decodeCursor(cursor: string) {
  const dot = cursor.indexOf('.');
  const updatedAt = Number(cursor.slice(0, dot));
  const id = cursor.slice(dot + 1);
  if (dot < 1 || !Number.isSafeInteger(updatedAt) || !id)
    throw badRequest('Invalid page cursor', { cursor: 'Invalid page cursor' });
  return { updatedAt, id };
}

/** Opening, listing and reading conversations; every read checks that the user is a party. */
export class ConversationsService {
  /** The two parties of a conversation never change, so typing signals and sends skip a query. */
  private readonly parties = new Map<string, Parties>();

  constructor(
    private readonly deps: AppDeps,
    private readonly presence: ChatPresence,
    private readonly events: ChatEvents,
  ) {}

  /** The conversation's parties, or 404 for anyone else (its existence is not revealed). */
  async requireParties(user: Pick<AuthUser, 'id'>, id: string): Promise<Parties> {
    let parties = this.parties.get(id);
    if (!parties) {
      const row = await findConversation(this.deps.db.db, id);
      if (row) {
        parties = { id: row.id, buyerId: row.buyerId, sellerId: row.sellerId };
        if (this.parties.size >= PARTY_CACHE_MAX) this.parties.delete(this.parties.keys().next().value!);
        this.parties.set(id, parties);
      }
    }
    if (!parties || !isParticipant(user, parties)) throw notFound(CHAT_MESSAGES.conversationNotFound);
    return parties;
  }

  /** The listing's "Message the seller": the buyer's existing conversation about it, or a new one. */
  async open(user: AuthUser, listingId: string) {
    const db = this.deps.db.db;
    const existing = await findConversationFor(db, listingId, user.id);
    if (existing) return { conversation: await this.get(user, existing.id), created: false };
    const listing = await findListingForChat(db, listingId);
    const refusal = cannotStartConversation(user, listing);
    if (refusal)
      throw new AppError(
        refusal.status,
        refusal.status === 404 ? ERROR_CODES.notFound : ERROR_CODES.validation,
        refusal.message,
      );
    const now = this.deps.clock.now();
    const opened = await openConversation(db, { listingId, buyerId: user.id, sellerId: listing!.sellerId }, now);
    return { conversation: await this.get(user, opened.id), created: opened.created };
  }

  async get(user: AuthUser, id: string): Promise<ConversationSummary> {
    await this.requireParties(user, id);
    const [row] = await selectSummaries(this.deps.db.db, user.id, { id, limit: 1 });
    if (!row) throw notFound(CHAT_MESSAGES.conversationNotFound);
    return this.toSummary(row, user.id);
  }

  async list(user: AuthUser, query: { q?: string; cursor?: string; limit: number }): Promise<ConversationList> {
    const db = this.deps.db.db;
    // Loading the list brings every message to this device: the senders see "delivered".
    void this.events.deliveredTo(user.id, await deliverAll(db, user.id));
    const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
    if (query.q) {
      // A search looks through a bounded part of the list per request and says where to go on (decision 212).
      const found = await searchConversations(db, user.id, query.q, cursor, query.limit);
      return {
        conversations: found.rows.map((r) => this.toSummary(r, user.id)),
        nextCursor: found.next && encodeCursor(found.next),
      };
    }
    const rows = await selectSummaries(db, user.id, { cursor, limit: query.limit + 1 });
    const page = rows.slice(0, query.limit);
    return {
      conversations: page.map((r) => this.toSummary(r, user.id)),
      nextCursor: rows.length > query.limit ? encodeCursor(page[page.length - 1]) : null,
    };
  }

  private toSummary(row: SummaryRow, userId: string): ConversationSummary {
    const role = row.buyerId === userId ? 'buyer' : 'seller';
    const buyerBlockedSeller = Boolean(row.buyerBlockedSeller);
    const sellerBlockedBuyer = Boolean(row.sellerBlockedBuyer);
    const blockedByMe = role === 'buyer' ? buyerBlockedSeller : sellerBlockedBuyer;
    const blocked = buyerBlockedSeller || sellerBlockedBuyer;
    const other =
      role === 'buyer'
        ? {
            id: row.sellerId,
            displayName: row.sellerName,
            lastActive: row.sellerLastActive,
            gone: row.sellerDisabled || row.sellerDeleted === 'unresolved',
          }
        : {
            id: row.buyerId,
            displayName: row.buyerName,
            lastActive: row.buyerLastActive,
            gone: row.buyerDisabled || row.buyerDeleted === 'unresolved',
          };
    const stored = {
      id: row.id,
      buyerId: row.buyerId,
      sellerId: row.sellerId,
      lastSeq: row.lastSeq,
      buyerReadSeq: row.buyerReadSeq,
      sellerReadSeq: row.sellerReadSeq,
      buyerDeliveredSeq: row.buyerDeliveredSeq,
      sellerDeliveredSeq: row.sellerDeliveredSeq,
      updatedAt: row.updatedAt,
    };
    // Receipts do not cross a block: the other side's markers are left out (decision 236).
    const counters = blocked ? seenBy(stored, userId) : stored;
    return {
      id: row.id,
      role,
      listing: {
        id: row.listingId,
        sellerId: row.listingSellerId,
        title: row.listingTitle,
        // A deleted listing keeps its old status; shown as it, the chat would offer a listing that is gone.
        status: row.listingDeletedAt == null ? row.listingStatus : CHAT_DELETED_LISTING_STATUS,
        thumbUrl: listingPictureShown(row, role) ? (row.thumbUrl ?? null) : null,
      },
      orderId: row.orderId ?? null,
      // Blocks hide presence both ways.
      other: {
        id: other.id,
        displayName: other.displayName,
        online: !blocked && !other.gone && this.presence.isOnline(other.id),
        lastSeen: blocked ? null : other.lastActive,
      },
      lastMessage:
        // A null sender with messages is a system message (decision 120).
        row.lastSeq > 0
          ? {
              preview: row.lastMessagePreview,
              senderId: row.lastSenderId,
              attachment: row.lastMessageAttachment,
              at: row.lastMessageAt ?? row.updatedAt,
            }
          : null,
      counters,
      unread: unreadFor(counters, userId),
      blockedByMe,
      canSend: !blocked && !other.gone,
      createdAt: row.createdAt,
    };
  }
}
