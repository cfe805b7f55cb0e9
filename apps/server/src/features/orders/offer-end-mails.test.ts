import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import {
  arrangeDeal,
  call,
  expectLedgerHealthy,
  fund,
  orderUpTo,
  partyWithSession,
  sweep,
  type Party,
} from './orders-test-helpers';

/**
 * An offer that ends while one side waits on the other is mailed to the side left waiting: the buyer's no to the
 * seller's price, a time that ran out, a sale to someone else, an account closed. Never to whoever ended it.
 */
let ctx: TestContext;
let admin: Awaited<ReturnType<typeof partyWithSession>>;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://market.example' });
  admin = await partyWithSession(ctx, 'admin');
});
afterEach(() => expectLedgerHealthy(ctx));
afterAll(() => ctx.close());

const H = 3_600_000;
const TITLE = 'Radiant Valorant account';
const negotiable = () => arrangeDeal(ctx, { priceCents: 10_000, negotiable: true, title: TITLE });
const offer = async (who: Party, listingId: string, amountCents: number) => {
  const res = await call(ctx, who, 'POST', `/api/listings/${listingId}/offers`, { amountCents });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
const act = async (who: Party, id: string, verb: string, payload?: Record<string, unknown>) =>
  expect((await call(ctx, who, 'POST', `/api/offers/${id}/${verb}`, payload)).status).toBe(200);
/** The mails to the address since the last look. */
const seen = new Map<string, number>();
async function newMails(email: string) {
  const all = await ctx.mailsTo(email);
  const from = seen.get(email) ?? 0;
  seen.set(email, all.length);
  return all.slice(from);
}

describe('the end of an offer', () => {
  it('the seller hears that the buyer declined their price; the buyer does not', async () => {
    const { buyer, seller, listing } = await negotiable();
    const id = await offer(buyer, listing.id, 7_000);
    await act(seller, id, 'counter', { amountCents: 9_000 });
    await newMails(seller.email);
    await newMails(buyer.email);
    await act(buyer, id, 'withdraw');
    const mails = await newMails(seller.email);
    expect(mails.map((m) => m.subject)).toEqual([`The buyer declined your price for "${TITLE}"`]);
    expect(mails[0]!.text).toContain('Bea Buyer declined your price of $90 for');
    expect(mails[0]!.text).toContain('Open your offers: https://market.example/offers');
    expect(await newMails(buyer.email)).toEqual([]);
  });

  it('an unanswered offer that lapses is mailed to the buyer, a lapsed price to the seller', async () => {
    const first = await negotiable();
    await offer(first.buyer, first.listing.id, 6_000);
    const second = await negotiable();
    const countered = await offer(second.buyer, second.listing.id, 6_000);
    await act(second.seller, countered, 'counter', { amountCents: 8_500 });
    for (const p of [first.buyer, first.seller, second.buyer, second.seller]) await newMails(p.email);

    ctx.clock.advance(49 * H);
    await sweep(ctx);
    const toBuyer = await newMails(first.buyer.email);
    expect(toBuyer.map((m) => m.subject)).toEqual([`Your offer on "${TITLE}" expired`]);
    expect(toBuyer[0]!.text).toContain(
      `Open the listing: https://market.example/account/${first.seller.id}/${first.listing.id}`,
    );
    expect(await newMails(first.seller.email)).toEqual([]);
    const toSeller = await newMails(second.seller.email);
    expect(toSeller.map((m) => m.subject)).toEqual([`Your price for "${TITLE}" expired`]);
    expect(toSeller[0]!.text).toContain('Open your offers: https://market.example/offers');
    expect(await newMails(second.buyer.email)).toEqual([]);
    // A second sweep tells nothing again.
    await sweep(ctx);
    expect(await newMails(first.buyer.email)).toEqual([]);
    expect(await newMails(second.seller.email)).toEqual([]);
  });

  it('an accepted offer not bought in time is mailed to the seller who accepted it', async () => {
    const { buyer, seller, listing } = await negotiable();
    const id = await offer(buyer, listing.id, 8_000);
    await act(seller, id, 'accept');
    await newMails(seller.email);
    ctx.clock.advance(25 * H);
    await sweep(ctx);
    const mails = await newMails(seller.email);
    expect(mails.map((m) => m.subject)).toEqual([`The accepted offer on "${TITLE}" was not bought`]);
    expect(mails[0]!.text).toContain('Open your offers: https://market.example/offers');
  });

  it('a sale to another buyer closes the open offers, each mailed to its buyer, not to the one who bought', async () => {
    const { buyer, seller, listing } = await negotiable();
    await offer(buyer, listing.id, 8_000);
    const other = await partyWithSession(ctx, 'buyer');
    await fund(ctx, other.id, 20_000);
    await newMails(buyer.email);
    // Sold when the seller delivers to the other buyer.
    await orderUpTo(ctx, { seller, buyer: other, listing }, 'delivered');
    const mails = await newMails(buyer.email);
    expect(mails.map((m) => m.subject)).toEqual([`"${TITLE}" was sold to another buyer`]);
    expect(mails[0]!.text).toContain('Open your offers: https://market.example/offers');
    expect((await ctx.mailsTo(other.email)).some((m) => m.subject.includes('sold to another'))).toBe(false);
    expect((await ctx.mailsTo(seller.email)).some((m) => m.subject.includes('sold to another'))).toBe(false);
  });

  it('an account an admin closes ends its offers: the other side is mailed, not the closed account', async () => {
    const { buyer, seller, listing } = await negotiable();
    await offer(buyer, listing.id, 8_000);
    await newMails(seller.email);
    expect((await call(ctx, admin, 'POST', `/api/admin/users/${buyer.id}/disable`, {})).status).toBe(200);
    const mails = await newMails(seller.email);
    expect(mails.map((m) => m.subject)).toEqual([`An offer on "${TITLE}" was closed`]);
    expect(mails[0]!.text).toContain("the buyer's account was closed");
    expect((await ctx.mailsTo(buyer.email)).some((m) => m.subject.includes('was closed'))).toBe(false);
  });
});
