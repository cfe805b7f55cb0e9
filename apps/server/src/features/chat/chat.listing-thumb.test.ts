import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, userWithSession, type TestContext } from '../../test/test-app';
import { newId } from '../../lib/ids';
import { insertListing } from './chat-test-helpers';
import { clientId } from '../../test/chat-api';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** The listing's picture in a conversation, as each side's list and conversation show it. */
async function thumbsSeen(conversationId: string, sessions: Record<string, { headers: Record<string, string> }>) {
  const out: Record<string, [string | null, string | null]> = {};
  for (const [name, session] of Object.entries(sessions)) {
    const list = await ctx.app.inject({ url: '/api/chat/conversations', headers: session.headers });
    const one = await ctx.app.inject({ url: `/api/chat/conversations/${conversationId}`, headers: session.headers });
    const inList = list.json().conversations.find((c: { id: string }) => c.id === conversationId);
    out[name] = [inList.listing.thumbUrl, one.json().conversation.listing.thumbUrl];
  }
  return out;
}

describe('the listing picture in a conversation', () => {
  it('is shown to the buyer only while the listing is public, as its screenshots are served (decision 218)', async () => {
    const seller = await userWithSession(ctx, 'seller');
    const buyer = await userWithSession(ctx, 'buyer');
    const listing = await insertListing(ctx, seller.user.id);
    const url = `/uploads/listings/${listing.id}/shot.webp`;
    await ctx.db
      .insertInto('listingImages')
      .values({
        id: newId(),
        listingId: listing.id,
        position: 0,
        url,
        thumbUrl: url,
        width: 1,
        height: 1,
        createdAt: 1,
      })
      .execute();
    const open = await ctx.app.inject({
      method: 'POST',
      url: '/api/chat/conversations',
      headers: buyer.session.headers,
      payload: { listingId: listing.id },
    });
    const id = open.json().conversation.id as string;
    // The list shows conversations with a message.
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${id}/messages`,
      headers: buyer.session.headers,
      payload: { clientId: clientId(), body: 'Is the account still for sale?' },
    });
    expect(sent.statusCode).toBeLessThan(300);
    const thumb = open.json().conversation.listing.thumbUrl as string;
    expect(thumb).toMatch(/^\/uploads\//);
    expect(await thumbsSeen(id, { buyer: buyer.session, seller: seller.session })).toEqual({
      buyer: [thumb, thumb],
      seller: [thumb, thumb],
    });
    for (const over of [{ status: 'hidden' as const }, { status: 'active' as const, deletedAt: ctx.clock.now() }]) {
      await ctx.db.updateTable('listings').set(over).where('id', '=', listing.id).execute();
      expect(await thumbsSeen(id, { buyer: buyer.session, seller: seller.session }), JSON.stringify(over)).toEqual({
        buyer: [null, null],
        seller: over.status === 'hidden' ? [thumb, thumb] : [null, null],
      });
    }
  });
});
