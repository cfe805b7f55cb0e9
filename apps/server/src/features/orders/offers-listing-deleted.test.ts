import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestContext } from '../../test/test-app';
import { arrangeDeal, call, listingChat, partyWithSession, sweep, type Party } from './orders-test-helpers';
import { fund } from '../../test/order-fixtures';

/**
 * Decision 180: a listing deleted by its seller or an admin closes its open offers. Hostile and unlucky cases around
 * it; an offer an unpaid order used is closed with that order (`orders.listing-removed.test.ts`).
 */
let ctx: TestContext;
let admin: Party;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://market.example' });
  admin = await partyWithSession(ctx, 'admin');
});
afterAll(() => ctx.close());

const H = 3_600_000;
const negotiable = () => arrangeDeal(ctx, { priceCents: 10_000, negotiable: true, title: 'Immortal Valorant account' });
const offer = async (who: Party, listingId: string, amountCents = 7_000) => {
  const res = await call(ctx, who, 'POST', `/api/listings/${listingId}/offers`, { amountCents });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
};
const offerRow = (id: string) =>
  ctx.db.selectFrom('offers').select(['status', 'orderId']).where('id', '=', id).executeTakeFirstOrThrow();
const adminDelete = (listingId: string) =>
  call(ctx, admin, 'POST', `/api/admin/listings/${listingId}/delete`, { reason: 'Stolen account' });
const sellerDelete = async (seller: Party, listingId: string) => {
  const { headers } = await signInAs(ctx, seller.id);
  return ctx.app.inject({ method: 'DELETE', url: `/api/listings/${listingId}`, headers });
};

describe('deleting a listing with many open offers', () => {
  it('closes every one of them, each told once in its chat and by mail', async () => {
    const deal = await negotiable();
    const buyers: Array<Party & { email: string }> = [];
    for (let i = 0; i < 30; i++) {
      const b = await partyWithSession(ctx, 'buyer');
      await fund(ctx, b.id, 1_000);
      buyers.push(b);
      await offer(b, deal.listing.id, 6_000 + i);
    }
    const gone = await sellerDelete(deal.seller, deal.listing.id);
    expect(gone.statusCode).toBe(204);
    const open = await ctx.db
      .selectFrom('offers')
      .select('id')
      .where('listingId', '=', deal.listing.id)
      .where('status', 'in', ['pending', 'countered', 'accepted'])
      .execute();
    expect(open).toEqual([]);
    for (const b of buyers) {
      const chat = await listingChat(ctx, deal.listing.id, b.id);
      expect(chat.filter((m) => m.startsWith('The listing was removed'))).toHaveLength(1);
      const mails = (await ctx.mailsTo(b.email)).filter((m) => m.subject.endsWith('was removed'));
      expect(mails).toHaveLength(1);
    }
  });
});

describe('two deletes at once', () => {
  it('two seller deletes: one succeeds, one is refused, the offer closed once', async () => {
    const deal = await negotiable();
    await offer(deal.buyer, deal.listing.id);
    const [a, b] = await Promise.all([
      sellerDelete(deal.seller, deal.listing.id),
      sellerDelete(deal.seller, deal.listing.id),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([204, expect.any(Number)]);
    expect([a.statusCode, b.statusCode].filter((s) => s >= 500)).toEqual([]);
    const chat = await listingChat(ctx, deal.listing.id, deal.buyer.id);
    expect(chat.filter((m) => m.startsWith('The listing was removed'))).toHaveLength(1);
  });

  it('an admin delete and a seller delete: no 500, the offer closed once, one moderation mail at most', async () => {
    const deal = await negotiable();
    await offer(deal.buyer, deal.listing.id);
    const [a, s] = await Promise.all([adminDelete(deal.listing.id), sellerDelete(deal.seller, deal.listing.id)]);
    expect([a.status, s.statusCode].filter((x) => x >= 500)).toEqual([]);
    const chat = await listingChat(ctx, deal.listing.id, deal.buyer.id);
    expect(chat.filter((m) => m.startsWith('The listing was removed'))).toHaveLength(1);
    const mails = (await ctx.mailsTo(deal.buyer.email)).filter((m) => m.subject.endsWith('was removed'));
    expect(mails).toHaveLength(1);
  });
});

describe('a listing deleted after its accepted offer lapsed unswept', () => {
  it('an offer past its time is closed as removed, not left for the sweep to mail "expired" about too', async () => {
    const deal = await negotiable();
    const id = await offer(deal.buyer, deal.listing.id);
    ctx.clock.advance(49 * H);
    expect((await sellerDelete(deal.seller, deal.listing.id)).statusCode).toBe(204);
    await sweep(ctx);
    const subjects = (await ctx.mailsTo(deal.buyer.email)).map((m) => m.subject);
    // One mail about the end of one offer.
    expect(subjects.filter((s) => s.includes('expired') || s.endsWith('was removed'))).toHaveLength(1);
    expect((await offerRow(id)).status).not.toBe('pending');
  });
});
