import { z } from 'zod';
import { ADMIN_WAITING_CHANGED } from './admin-waiting';
import { ANNOUNCEMENTS_CHANGED } from './announcements';
import { ERROR_CODES } from './api-error';
import { findStringFault } from './input-strings';
import { LISTING_MODERATED } from './listing-moderation';
import { ORDER_EVENTS } from './order-events';
import { SOCKET_EVENTS, SOCKET_MESSAGES } from './socket-constants';
import {
  CHAT_EVENTS,
  chatMessageSchema,
  conversationCountersSchema,
  seqMarkSchema,
  sendResultSchema,
  socketSendSchema,
  typingSchema,
  unreadSummarySchema,
} from './chat';

/**
 * The protocol of the tab's WebSocket (`/api/ws`): every frame is JSON `{ type, ref?, data? }`. Client frames are
 * parsed with these schemas on the server before anything reads them; server frames are parsed by the web client.
 * The constants live in socket-constants.ts (re-exported here) so that a page can use them without loading zod.
 */
export * from './socket-constants';

const refSchema = z.union([z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), z.string().max(64)]);

/** The envelope of a client frame; `data` is checked by the schema of its type. */
export const clientEnvelopeSchema = z.object({
  type: z.string().max(64),
  ref: refSchema.optional(),
  data: z.unknown().optional(),
});

/** Every message a client may send, with the schema of its data. */
export const clientMessageSchemas = {
  [CHAT_EVENTS.send]: socketSendSchema,
  [CHAT_EVENTS.read]: seqMarkSchema,
  [CHAT_EVENTS.delivered]: seqMarkSchema,
  [CHAT_EVENTS.typing]: typingSchema,
  [CHAT_EVENTS.unread]: z.strictObject({}),
} as const;
export type ClientMessageType = keyof typeof clientMessageSchemas;
export type ClientMessageData<T extends ClientMessageType> = z.output<(typeof clientMessageSchemas)[T]>;

/** What the server acknowledges each request with. */
export const clientReplySchemas = {
  [CHAT_EVENTS.send]: sendResultSchema,
  [CHAT_EVENTS.read]: z.object({ moved: z.boolean() }),
  [CHAT_EVENTS.delivered]: z.object({ moved: z.boolean() }),
  [CHAT_EVENTS.typing]: z.null(),
  [CHAT_EVENTS.unread]: unreadSummarySchema,
} as const satisfies Record<ClientMessageType, z.ZodType>;

export const isClientMessageType = (type: string): type is ClientMessageType =>
  Object.prototype.hasOwnProperty.call(clientMessageSchemas, type);

export type Ref = z.infer<typeof refSchema>;
export type ParsedClientFrame =
  | { ok: true; type: ClientMessageType; ref?: Ref; data: unknown }
  | { ok: false; ref?: Ref; message: string; code: string; fields?: Record<string, string> };

/** Parse a raw client frame: envelope, known type, then the type's data schema. Never throws. */
export function parseClientFrame(raw: string): ParsedClientFrame {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, message: SOCKET_MESSAGES.notJson, code: ERROR_CODES.validation };
  }
  const envelope = clientEnvelopeSchema.safeParse(json);
  if (!envelope.success) {
    const ref = refSchema.safeParse((json as { ref?: unknown } | null)?.ref);
    return {
      ok: false,
      ref: ref.success ? ref.data : undefined,
      message: SOCKET_MESSAGES.notAnObject,
      code: ERROR_CODES.validation,
    };
  }
  const { type, ref } = envelope.data;
  if (!isClientMessageType(type))
    return { ok: false, ref, message: SOCKET_MESSAGES.unknownType, code: ERROR_CODES.validation };
  // The rules every HTTP request obeys (input-rules.ts) hold for a frame's data too.
  const fault = findStringFault(envelope.data.data);
  if (fault) {
    const fields = fault.path ? { [fault.path]: fault.message } : undefined;
    return { ok: false, ref, message: fault.message, code: ERROR_CODES.validation, fields };
  }
  const data = clientMessageSchemas[type].safeParse(envelope.data.data ?? {});
  if (!data.success) {
    const issue = data.error.issues[0];
    const message = issue?.message ?? 'Invalid request';
    return {
      ok: false,
      ref,
      message,
      code: ERROR_CODES.validation,
      fields: { [issue?.path.join('.') || '_']: message },
    };
  }
  return { ok: true, type, ref, data: data.data };
}

/** The envelope of a server frame. */
export const serverFrameSchema = z.object({
  type: z.string(),
  ref: refSchema.optional(),
  data: z.unknown().optional(),
});

/** Events the server pushes, with the schema of their data (the web client drops frames that do not match). */
export const serverEventSchemas = {
  [SOCKET_EVENTS.hello]: z.object({ userId: z.string() }),
  [SOCKET_EVENTS.resync]: z.object({ reason: z.string() }),
  [SOCKET_EVENTS.error]: z.object({
    message: z.string(),
    code: z.string().optional(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
  [CHAT_EVENTS.message]: z.object({
    message: chatMessageSchema,
    conversation: conversationCountersSchema,
    truncated: z.boolean().optional(),
  }),
  [CHAT_EVENTS.receipt]: z.object({ conversation: conversationCountersSchema }),
  [CHAT_EVENTS.typing]: z.object({ conversationId: z.string(), userId: z.string() }),
  [CHAT_EVENTS.presence]: z.object({ userId: z.string(), online: z.boolean(), lastSeen: z.number().nullable() }),
  [CHAT_EVENTS.block]: z.object({ blockerId: z.string(), blockedId: z.string(), blocked: z.boolean() }),
  [ANNOUNCEMENTS_CHANGED]: z.object({ id: z.string(), action: z.string() }),
  [ADMIN_WAITING_CHANGED]: z.object({}),
  [ORDER_EVENTS.updated]: z.object({ orderId: z.string() }),
  [LISTING_MODERATED]: z.object({
    listingId: z.string(),
    title: z.string(),
    status: z.string(),
    hiddenReason: z.string().nullable(),
    deleted: z.boolean(),
    reviewKept: z.boolean(),
  }),
} as const;
