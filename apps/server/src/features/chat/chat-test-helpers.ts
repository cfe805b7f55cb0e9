import type { Database } from '../../db/database';
import type { ListingsTable } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { insertTestListing } from '../../test/listing-fixtures';
import { userWithSession, type Session, type TestContext } from '../../test/test-app';
import { openConversation } from '../../test/chat-api';

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

/** A new seller and buyer, a listing of the seller's, and the conversation the buyer opened about it. */
export async function pairWithConversation(ctx: TestContext) {
  const seller = await userWithSession(ctx, 'seller');
  const buyer = await userWithSession(ctx, 'buyer');
  const listing = await insertListing(ctx, seller.user.id);
  const conversationId = await openConversation(ctx.app, buyer.session.headers, listing.id);
  return { seller, buyer, conversationId };
}

/** An image uploaded for the member's next message in the conversation, as the composer sends it; the reply. */
export const uploadAttachment = (
  ctx: TestContext,
  session: Session,
  conversationId: string,
  body: Buffer,
  type = 'image/png',
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/chat/conversations/${conversationId}/attachments`,
    payload: body,
    headers: { ...session.headers, 'content-type': type },
  });
