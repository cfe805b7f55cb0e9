import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { insertTestListing, listingInput, setListingStatus } from '../../test/listing-fixtures';
import { openConversation, sendTextMessage } from '../../test/chat-api';
import { UnreadMailSweeper } from './unread-mail.service';

/**
 * A listing shows others than its seller the last title it had while public (decision 043): its seller may unpublish
 * it, or have it hidden, and write there what buyers were never shown.
 */
let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://market.example' });
  admin = (await userWithSession(ctx, 'admin')).session;
});
afterAll(() => ctx.close());

type Party = Awaited<ReturnType<typeof userWithSession>>;
const PUBLISHED = 'Level 80 raid-ready account';
const WITHDRAWN = 'Private notes: reseller price floor 50';

async function arrange() {
  const seller = await userWithSession(ctx, 'seller', { displayName: 'Sam Seller' });
  const buyer = await userWithSession(ctx, 'buyer', { displayName: 'Bea Buyer' });
  // One screenshot, so the seller may publish it again.
  const listing = await insertTestListing(ctx, seller.user.id, { title: PUBLISHED });
  const conversationId = await openConversation(ctx.app, buyer.session.headers, listing.id);
  expect((await sendTextMessage(ctx.app, buyer.session.headers, conversationId, 'Still for sale?')).statusCode).toBe(
    201,
  );
  return { seller, buyer, listingId: listing.id, conversationId };
}

const retitle = async (seller: Party, listingId: string, title: string) => {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/listings/${listingId}`,
    headers: seller.session.headers,
    payload: listingInput({ title }),
  });
  expect(res.statusCode, res.body).toBe(200);
};
const status = async (seller: Party, listingId: string, to: string) =>
  expect((await setListingStatus(ctx, seller.session.headers, listingId, to)).statusCode).toBe(200);
const adminPost = async (url: string, payload: object = {}) =>
  expect((await ctx.app.inject({ method: 'POST', url, headers: admin.headers, payload })).statusCode).toBe(200);

/** The listing titles of the member's conversation list (searched for `q` when given). */
async function listTitles(p: Party, q?: string) {
  const url = `/api/chat/conversations${q ? `?q=${encodeURIComponent(q)}` : ''}`;
  const res = await ctx.app.inject({ method: 'GET', url, headers: p.session.headers });
  expect(res.statusCode).toBe(200);
  return (res.json().conversations as Array<{ listing: { title: string } }>).map((c) => c.listing.title);
}

async function shownTitle(p: Party, conversationId: string) {
  const url = `/api/chat/conversations/${conversationId}`;
  const res = await ctx.app.inject({ method: 'GET', url, headers: p.session.headers });
  expect(res.statusCode).toBe(200);
  return res.json().conversation.listing.title as string;
}

describe('a listing its seller withdrew and retitled', () => {
  it('shows the buyer its published title in the list, the conversation and the search', async () => {
    const { seller, buyer, listingId, conversationId } = await arrange();
    // An edit while it is for sale is what buyers see.
    await retitle(seller, listingId, 'Level 85 raid-ready account');
    expect(await listTitles(buyer)).toEqual(['Level 85 raid-ready account']);

    await status(seller, listingId, 'draft');
    await retitle(seller, listingId, WITHDRAWN);
    expect(await listTitles(buyer)).toEqual(['Level 85 raid-ready account']);
    expect(await shownTitle(buyer, conversationId)).toBe('Level 85 raid-ready account');
    expect(await listTitles(buyer, 'price floor')).toEqual([]);
    expect(await listTitles(buyer, 'level 85')).toEqual(['Level 85 raid-ready account']);
    // Its seller sees and finds their listing as it is.
    expect(await listTitles(seller)).toEqual([WITHDRAWN]);
    expect(await listTitles(seller, 'price floor')).toEqual([WITHDRAWN]);
    expect(await listTitles(seller, 'level 85')).toEqual([]);

    // Published again, the new title is public.
    await status(seller, listingId, 'active');
    expect(await listTitles(buyer)).toEqual([WITHDRAWN]);
  });

  it('mails the buyer its published title, and the seller their own', async () => {
    const { seller, buyer, listingId, conversationId } = await arrange();
    await status(seller, listingId, 'draft');
    await retitle(seller, listingId, WITHDRAWN);
    const sweeper = new UnreadMailSweeper(ctx.deps);
    const about = async (p: Party) => (await ctx.mailsTo(p.user.email)).map((m) => m.text.split('\n')[2]);
    ctx.clock.advance(10 * 60_000);
    await sweeper.sweep();
    expect(await about(seller)).toEqual([`About "${WITHDRAWN}". It is waiting for you in your chat.`]);

    expect((await sendTextMessage(ctx.app, seller.session.headers, conversationId, 'Back soon')).statusCode).toBe(201);
    ctx.clock.advance(10 * 60_000);
    await sweeper.sweep();
    expect(await about(buyer)).toEqual([`About "${PUBLISHED}". It is waiting for you in your chat.`]);
  });

  it('shows the buyer what the seller wrote while an admin hid it only once it is unhidden', async () => {
    const { seller, buyer, listingId } = await arrange();
    await adminPost(`/api/admin/listings/${listingId}/hide`, { reason: 'Screenshots do not match' });
    await retitle(seller, listingId, 'Level 80 account, screenshots fixed');
    expect(await listTitles(buyer)).toEqual([PUBLISHED]);

    await adminPost(`/api/admin/listings/${listingId}/unhide`);
    expect(await listTitles(buyer)).toEqual(['Level 80 account, screenshots fixed']);
  });

  it('shows the buyer the title a listing an account closing hid has again once the account is enabled', async () => {
    const { seller, buyer, listingId } = await arrange();
    await adminPost(`/api/admin/users/${seller.user.id}/disable`, { reason: 'Checking a complaint' });
    // Written while hidden (a disabled seller cannot edit; an older edit of a hidden listing stands for it here).
    await ctx.db
      .updateTable('listings')
      .set({ title: 'Level 80 account, relisted' })
      .where('id', '=', listingId)
      .execute();
    expect(await listTitles(buyer)).toEqual([PUBLISHED]);

    await adminPost(`/api/admin/users/${seller.user.id}/enable`);
    expect(await listTitles(buyer)).toEqual(['Level 80 account, relisted']);
  });
});
