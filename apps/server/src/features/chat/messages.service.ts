import { CHAT_MESSAGES, type MessagePage, type SendResult, type UnreadSummary } from '@accountry/shared/chat';
import { messagePreview } from '@accountry/shared/chat-rules';
import type { AppDeps } from '../../app';
import type { AuthUser } from '../../plugins/auth';
import type { MessagesTable } from '../../db/schema';
import { badRequest, conflict, forbidden, tooManyRequests } from '../../lib/app-error';
import { CHANGED_MEANWHILE } from '@accountry/shared/api-error';
import { newTimeOrderedId } from '../../lib/ids';
import { advanceRead, bumpForSend, deliverAll, unreadByConversation } from './conversations.repository';
import { findByClientId, insertMessage, isUniqueViolation, selectAfter, selectBefore } from './messages.repository';
import { claimAttachment, findAttachment } from './attachments.repository';
import { sendChecks } from './safety.repository';
import type { ConversationsService } from './conversations.service';
import type { ChatEvents } from './chat-events';
import type { SendLimit } from './send-limit';
import type { MessageStore } from './message-store';
import { toMessage } from './chat-message';
import { withBlock } from './block-receipts';

class AttachmentTaken extends Error {}
/** A send check that passed when read no longer held when the message was numbered. */
class SendRefused extends Error {}

function refuseBlocked(checks: {
  senderBlockedRecipient: boolean;
  recipientBlockedSender: boolean;
  recipientGone: boolean;
}) {
  if (checks.senderBlockedRecipient) throw forbidden(CHAT_MESSAGES.youBlocked);
  if (checks.recipientBlockedSender || checks.recipientGone) throw forbidden(CHAT_MESSAGES.cannotMessage);
}

/** Sending (stored first, then fanned out), history, and read/delivered markers. */
export class MessagesService {
  constructor(
    private readonly deps: AppDeps,
    private readonly conversations: ConversationsService,
    private readonly events: ChatEvents,
    private readonly limit: SendLimit,
    private readonly store: MessageStore,
  ) {}

  /** Refuse when either party blocked the other or the other account is gone. */
  async assertCanSend(userId: string, otherId: string) {
    refuseBlocked(await sendChecks(this.deps.db.db, userId, otherId));
  }

  async send(
    user: AuthUser,
    conversationId: string,
    input: { clientId: string; body: string; attachmentId?: string },
  ): Promise<SendResult> {
    const parties = await this.conversations.requireParties(user, conversationId);
    const side = parties.buyerId === user.id ? 'buyer' : 'seller';
    const recipientId = side === 'buyer' ? parties.sellerId : parties.buyerId;
    // The hot path: a text message the store keeps in one statement or group commit when every check passes.
    if (!input.attachmentId) {
      const stored = await this.storeFast(user, conversationId, side, recipientId, input);
      if (stored) return stored;
    }
    return this.sendChecked(user, conversationId, side, recipientId, input);
  }

  private async storeFast(
    user: AuthUser,
    conversationId: string,
    side: 'buyer' | 'seller',
    recipientId: string,
    input: { clientId: string; body: string },
  ): Promise<SendResult | null> {
    const now = this.deps.clock.now();
    try {
      const stored = await this.store.store({
        id: newTimeOrderedId(now),
        conversationId,
        side,
        senderId: user.id,
        recipientId,
        clientId: input.clientId,
        body: input.body,
        preview: messagePreview(input.body),
        now,
      });
      return stored && { message: toMessage(stored.row), duplicate: false };
    } catch (err) {
      // The same message sent twice at once (two connections): the careful path answers with the winner's row.
      if (isUniqueViolation(err)) return null;
      throw err;
    }
  }

  /**
   * Every check one by one, with the refusal's own message: sends with an attachment, and whatever the hot path
   * refused (a resend, a block, a recipient gone, the send limit).
   */
  private async sendChecked(
    user: AuthUser,
    conversationId: string,
    side: 'buyer' | 'seller',
    recipientId: string,
    input: { clientId: string; body: string; attachmentId?: string },
  ): Promise<SendResult> {
    const db = this.deps.db.db;
    const now = this.deps.clock.now();
    const checks = await sendChecks(db, user.id, recipientId, input.clientId, { limit: this.limit, now });
    // A resend of something already stored answers with the stored message: no duplicate, no rate-limit error.
    const existing = checks.storedId ? await findByClientId(db, user.id, input.clientId) : undefined;
    if (existing) return this.duplicate(existing, conversationId);
    if (!checks.underLimit) throw tooManyRequests(CHAT_MESSAGES.rateLimited);
    refuseBlocked(checks);

    const attachment = input.attachmentId ? await findAttachment(db, input.attachmentId) : undefined;
    if (
      input.attachmentId &&
      (!attachment ||
        attachment.uploaderId !== user.id ||
        attachment.conversationId !== conversationId ||
        attachment.messageId)
    ) {
      throw badRequest(CHAT_MESSAGES.attachmentNotFound, { attachmentId: CHAT_MESSAGES.attachmentNotFound });
    }
    const id = newTimeOrderedId(now);
    let row: MessagesTable;
    let counters;
    try {
      ({ row, counters } = await db.transaction().execute(async (trx) => {
        const counters = await bumpForSend(
          trx,
          {
            conversationId,
            side,
            senderId: user.id,
            preview: messagePreview(input.body),
            attachment: !!attachment,
            now,
          },
          { recipientId, limit: this.limit },
        );
        if (!counters) throw new SendRefused();
        const row: MessagesTable = {
          id,
          conversationId,
          seq: counters.lastSeq,
          kind: 'user',
          senderId: user.id,
          clientId: input.clientId,
          body: input.body,
          attachmentId: attachment?.id ?? null,
          attachmentWidth: attachment?.width ?? null,
          attachmentHeight: attachment?.height ?? null,
          createdAt: now,
        };
        await insertMessage(trx, row);
        if (
          attachment &&
          !(await claimAttachment(trx, { id: attachment.id, uploaderId: user.id, conversationId, messageId: id }))
        )
          throw new AttachmentTaken();
        return { row, counters };
      }));
    } catch (err) {
      if (err instanceof AttachmentTaken)
        throw badRequest(CHAT_MESSAGES.attachmentNotFound, { attachmentId: CHAT_MESSAGES.attachmentNotFound });
      // A block, a closed account or the limit landed after the look-up: read again, refused in its own words.
      if (err instanceof SendRefused) throw await this.refusalNow(user.id, recipientId, now);
      // The same message sent twice at once (two connections): the loser answers with the winner's row.
      if (isUniqueViolation(err)) {
        const winner = await findByClientId(db, user.id, input.clientId);
        if (winner) return this.duplicate(winner, conversationId);
      }
      throw err;
    }
    const message = toMessage(row);
    await this.events.message(counters, message);
    return { message, duplicate: false };
  }

  private async refusalNow(senderId: string, recipientId: string, now: number) {
    const checks = await sendChecks(this.deps.db.db, senderId, recipientId, '', { limit: this.limit, now });
    if (!checks.underLimit) return tooManyRequests(CHAT_MESSAGES.rateLimited);
    refuseBlocked(checks);
    // Whatever refused it has passed again already: the member sends once more.
    return conflict(CHANGED_MEANWHILE);
  }

  private duplicate(row: MessagesTable, conversationId: string): SendResult {
    if (row.conversationId !== conversationId)
      throw conflict('This message id was already used in another conversation.');
    return { message: toMessage(row), duplicate: true };
  }

  async history(
    user: AuthUser,
    conversationId: string,
    query: { before?: number; after?: number; limit: number },
  ): Promise<MessagePage> {
    const parties = await this.conversations.requireParties(user, conversationId);
    const db = this.deps.db.db;
    const page =
      query.after !== undefined
        ? await selectAfter(db, conversationId, query.after, query.limit)
        : await selectBefore(db, conversationId, query.before, query.limit);
    const newest = page.rows.at(-1);
    if (newest) await this.markDelivered(user, parties, newest.seq);
    return { messages: page.rows.map(toMessage), hasMore: page.hasMore };
  }

  async markRead(user: AuthUser, conversationId: string, seq: number) {
    const parties = await this.conversations.requireParties(user, conversationId);
    const side = parties.buyerId === user.id ? 'buyer' : 'seller';
    const moved = await advanceRead(this.deps.db.db, conversationId, side, seq);
    if (moved) {
      const { counters, blocked } = withBlock(moved);
      await this.events.read(counters, user.id, blocked);
    }
    return { moved: !!moved };
  }

  async markDelivered(
    user: Pick<AuthUser, 'id'>,
    parties: { id: string; buyerId: string; sellerId: string },
    seq: number,
  ) {
    // Marks arriving together move in one write; only the sender is told ("delivered" is theirs to show).
    const side = parties.buyerId === user.id ? 'buyer' : 'seller';
    const [moved] = await this.store.delivered([{ conversationId: parties.id, side, seq }]);
    return { moved };
  }

  async delivered(user: AuthUser, conversationId: string, seq: number) {
    return this.markDelivered(user, await this.conversations.requireParties(user, conversationId), seq);
  }

  /** The unread summary; receiving it brings every message to the device, so the senders see "delivered". */
  async unread(user: Pick<AuthUser, 'id'>): Promise<UnreadSummary> {
    const db = this.deps.db.db;
    await this.events.deliveredTo(user.id, await deliverAll(db, user.id));
    const rows = await unreadByConversation(db, user.id);
    return {
      total: rows.reduce((n, r) => n + r.unread, 0),
      conversations: Object.fromEntries(rows.map((r) => [r.id, r.unread])),
    };
  }
}
