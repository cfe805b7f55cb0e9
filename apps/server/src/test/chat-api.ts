import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** A fresh client id, as the chat page gives every message it sends (sending it again stores nothing new). */
export const clientId = () => randomBytes(12).toString('base64url');

/** The buyer opens the listing's conversation through the API, as the listing page does; its id. */
export async function openConversation(app: FastifyInstance, buyerHeaders: Record<string, string>, listingId: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/chat/conversations',
    payload: { listingId },
    headers: buyerHeaders,
  });
  return res.json().conversation.id as string;
}

/** A text message sent through the API (the chat page's way when its socket is down); the reply. */
export const sendTextMessage = (
  app: FastifyInstance,
  headers: Record<string, string>,
  conversationId: string,
  body: string,
) =>
  app.inject({
    method: 'POST',
    url: `/api/chat/conversations/${conversationId}/messages`,
    payload: { clientId: clientId(), body },
    headers,
  });
