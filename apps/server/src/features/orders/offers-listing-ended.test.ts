import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, userWithSession, type TestContext } from '../../test/test-app';
import { arrangeDeal, call, listingChat, sweep, type Party } from './orders-test-helpers';

/**
 * Decision 180: "either open state → closed when the listing is sold". A seller who marks the listing sold (sold
 * elsewhere, decision 043) ends the negotiation as a sale through an order does, and so does a listing deleted by its
 * seller or an admin; and the reminder to buy an accepted offer goes only while its listing can still be bought.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://market.example' });
});
afterAll(() => ctx.close());

const H = 3_600_000;
const negotiable = () => arrangeDeal(ctx, { priceCents: 10_000, negotiable: true, title: 'Immortal Valorant account' });
const offer = async (who: Party, listingId: string) =>
  (await call(ctx, who, 'POST', `/api/listings/${listingId}/offers`, { amountCents: 7_000 })).body.id as string;
const setStatus = (deal: Awaited<ReturnType<typeof negotiable>>, status: string) =>
  call(ctx, deal.seller, 'POST', `/api/listings/${deal.listing.id}/status`, { status });
const statusOf = async (who: Party, id: string) =>
  ((await call(ctx, who, 'GET', '/api/offers?side=made')).body.items as Array<{ id: string; status: string }>).find(
    (o) => o.id === id,
  )?.status;
const reminders = async (email: string) =>
  (await ctx.mailsTo(email)).map((m) => m.subject).filter((s) => s.includes('ends soon'));

describe('a listing its seller marks sold', () => {
  it('closes the pending offer on it, told in the chat and by mail, and the seller no longer waits on it', async () => {
    const deal = await negotiable();
    const id = await offer(deal.buyer, deal.listing.id);
    expect((await setStatus(deal, 'sold')).status).toBe(200);
    expect(await statusOf(deal.buyer, id)).toBe('closed');
    const waiting = await call(ctx, deal.seller, 'GET', '/api/offers?side=received&status=waiting');
    expect(waiting.body.items).toEqual([]);
    expect(await listingChat(ctx, deal.listing.id, deal.buyer.id)).toEqual([
      'The buyer offered $70 for this account. The seller has 48 hours to answer.',
      'The account was sold to another buyer: the offer of $70 is closed.',
    ]);
    const subjects = (await ctx.mailsTo(deal.buyer.email)).map((m) => m.subject);
    expect(subjects).toContain('"Immortal Valorant account" was sold to another buyer');
  });

  it('closes an accepted offer, so its buyer is not reminded to buy it', async () => {
    const deal = await negotiable();
    const id = await offer(deal.buyer, deal.listing.id);
    expect((await call(ctx, deal.seller, 'POST', `/api/offers/${id}/accept`)).status).toBe(200);
    expect((await setStatus(deal, 'sold')).status).toBe(200);
    expect(await statusOf(deal.buyer, id)).toBe('closed');
    ctx.clock.advance(20 * H + 1);
    await sweep(ctx);
    expect(await reminders(deal.buyer.email)).toEqual([]);
  });
});

describe('a listing deleted', () => {
  it('by its seller closes the pending offer on it, told in the chat and by mail', async () => {
    const deal = await negotiable();
    const id = await offer(deal.buyer, deal.listing.id);
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/listings/${deal.listing.id}`,
      headers: (await signInAs(ctx, deal.seller.id)).headers,
    });
    expect(gone.statusCode).toBe(204);
    expect(await statusOf(deal.buyer, id)).toBe('closed');
    expect(await listingChat(ctx, deal.listing.id, deal.buyer.id)).toEqual([
      'The buyer offered $70 for this account. The seller has 48 hours to answer.',
      'The listing was removed: the offer of $70 is closed.',
    ]);
    const mail = (await ctx.mailsTo(deal.buyer.email)).find(
      (m) => m.subject === '"Immortal Valorant account" was removed',
    );
    expect(mail?.text).toContain(
      '"Immortal Valorant account" is no longer on Accountry, so your offer of $70 is closed.',
    );
  });

  it('by an admin closes the accepted offer on it, so it cannot be bought at its price', async () => {
    const deal = await negotiable();
    const id = await offer(deal.buyer, deal.listing.id);
    expect((await call(ctx, deal.seller, 'POST', `/api/offers/${id}/accept`)).status).toBe(200);
    const admin = await userWithSession(ctx, 'admin');
    const removed = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/listings/${deal.listing.id}/delete`,
      headers: admin.session.headers,
      payload: { reason: 'Stolen account' },
    });
    expect(removed.statusCode).toBe(200);
    expect(await statusOf(deal.buyer, id)).toBe('closed');
    expect((await listingChat(ctx, deal.listing.id, deal.buyer.id)).at(-1)).toBe(
      'The listing was removed: the offer of $70 is closed.',
    );
  });
});

describe('the reminder to buy an accepted offer', () => {
  it('is not sent for a listing its seller deleted (a 404 to the buyer)', async () => {
    const deal = await negotiable();
    const id = await offer(deal.buyer, deal.listing.id);
    expect((await call(ctx, deal.seller, 'POST', `/api/offers/${id}/accept`)).status).toBe(200);
    deal.seller.session = await signInAs(ctx, deal.seller.id);
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/listings/${deal.listing.id}`,
      headers: deal.seller.session.headers,
    });
    expect(gone.statusCode).toBeLessThan(300);
    expect((await call(ctx, deal.buyer, 'GET', `/api/listings/${deal.listing.id}`)).status).toBe(404);
    ctx.clock.advance(20 * H + 1);
    await sweep(ctx);
    expect(await reminders(deal.buyer.email)).toEqual([]);
    // Cleared, not put off: it does not come back once the sweep runs again.
    expect(
      (await ctx.db.selectFrom('offers').select('reminderAt').where('id', '=', id).executeTakeFirst())?.reminderAt,
    ).toBeNull();
  });

  it('is not sent while the listing is reserved, and is sent while it is for sale', async () => {
    const reserved = await negotiable();
    const held = await offer(reserved.buyer, reserved.listing.id);
    expect((await call(ctx, reserved.seller, 'POST', `/api/offers/${held}/accept`)).status).toBe(200);
    expect((await setStatus(reserved, 'reserved')).status).toBe(200);
    const onSale = await negotiable();
    const open = await offer(onSale.buyer, onSale.listing.id);
    expect((await call(ctx, onSale.seller, 'POST', `/api/offers/${open}/accept`)).status).toBe(200);
    ctx.clock.advance(20 * H + 1);
    await sweep(ctx);
    expect(await reminders(reserved.buyer.email)).toEqual([]);
    expect(await reminders(onSale.buyer.email)).toEqual([
      'Your accepted offer on "Immortal Valorant account" ends soon',
    ]);
  });
});
