import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import type { ListingsTable } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { insertTestListing } from '../../test/listing-fixtures';

/** A listing row arranged directly, without screenshots: chat tests are not about listing management. */
export function insertListing(
  ctx: { db: Database; clock: Clock },
  sellerId: string,
  over: Partial<ListingsTable> = {},
) {
  const wow: Partial<ListingsTable> = {
    title: 'Level 80 raid-ready account',
    platform: 'wow',
    description: 'Well kept.',
    priceCents: 9_900,
    negotiable: true,
    level: '80',
    itemsCount: null,
    originalEmail: true,
    twoFactorRemovable: true,
  };
  return insertTestListing(ctx, sellerId, { ...wow, ...over }, 0);
}

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
