import type { ChatMessage, ConversationCounters } from '@accountry/shared/chat';
import { messagePreview } from '@accountry/shared/chat-rules';
import type { AppDeps } from '../../app';
import type { Database } from '../../db/database';
import type { MessagesTable } from '../../db/schema';
import { newId, newTimeOrderedId } from '../../lib/ids';
import { bumpForMessage } from './conversations.repository';
import { insertMessage } from './messages.repository';
import { ChatEvents } from './chat-events';
import { toMessage } from './chat-message';
import { withBlock } from './block-receipts';

/** A message the server stored in a transaction, to publish once that transaction has committed. */
export interface PostedSystemMessage {
  counters: ConversationCounters;
  message: ChatMessage;
  /** A block stands between the parties: each gets the event without the other's markers (decision 236). */
  blocked: boolean;
}

/**
 * Post a sender-less system message (an order event, decision 120) inside the caller's transaction: it takes the
 * next seq like any message, moves no read marker (both parties have news), and is never anyone's own message.
 */
export function postSystemMessage(trx: Database, input: { conversationId: string; body: string; now: number }) {
  return post(trx, { ...input, sender: null });
}

/**
 * An event's notice, then the member's own words sent with it if any (the note with an offer), inside the event's
 * transaction: the note is a message like one sent in the chat, read by its sender, news to the other side.
 */
export async function postNoticeWithNote(
  trx: Database,
  input: { conversationId: string; body: string; now: number; note: string; sender: Sender },
): Promise<PostedSystemMessage[]> {
  const notice = await post(trx, { ...input, sender: null });
  if (!input.note) return [notice];
  return [notice, await post(trx, { ...input, body: input.note })];
}

interface Sender {
  id: string;
  side: 'buyer' | 'seller';
}

async function post(
  trx: Database,
  input: { conversationId: string; body: string; now: number; sender: Sender | null },
): Promise<PostedSystemMessage> {
  const { sender } = input;
  const { counters, blocked } = withBlock(
    await bumpForMessage(trx, {
      conversationId: input.conversationId,
      side: sender?.side ?? null,
      senderId: sender?.id ?? null,
      preview: messagePreview(input.body),
      attachment: false,
      now: input.now,
    }),
  );
  const row: MessagesTable = {
    id: newTimeOrderedId(input.now),
    conversationId: input.conversationId,
    seq: counters.lastSeq,
    kind: sender ? 'user' : 'system',
    senderId: sender?.id ?? null,
    clientId: `${sender ? 'note' : 'system'}:${newId()}`,
    body: input.body,
    attachmentId: null,
    attachmentWidth: null,
    attachmentHeight: null,
    createdAt: input.now,
  };
  await insertMessage(trx, row);
  return { counters, message: toMessage(row), blocked };
}

/** Deliver committed system messages live to both parties; a failed publish is caught up on reconnect (decision 050). */
export async function publishSystemMessages(deps: AppDeps, posted: PostedSystemMessage[]) {
  const events = new ChatEvents(deps.hub);
  for (const p of posted) await events.message(p.counters, p.message, p.blocked);
}
