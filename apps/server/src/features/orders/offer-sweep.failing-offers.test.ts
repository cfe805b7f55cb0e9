import { describe, expect, it } from 'vitest';
import type { OffersTable } from '../../db/schema';
import { newId } from '../../lib/ids';
import { refuseWrites } from '../../test/refused-writes';
import type { TestContext } from '../../test/test-app';
import { insertOffer } from './offers.repository';
import { insertListing, partyWithSession, sweep, useOrdersTestApp, type Party } from './orders-test-helpers';

/**
 * An offer the sweep cannot end or remind of (its buyer's mail is refused, every time) is logged and tried again next
 * sweep: it must neither end the sweep nor hold back the offers after it, however many such come first.
 */
let ctx: TestContext;
useOrdersTestApp((c) => (ctx = c));

const offerOf = (id: string) =>
  ctx.db.selectFrom('offers').select(['status', 'reminderAt']).where('id', '=', id).executeTakeFirstOrThrow();

/** An offer of the buyer's on a listing of its own, as `over` says. */
async function offerRow(seller: Party, buyer: Party, over: Partial<OffersTable>) {
  const listing = await insertListing(ctx, seller.id, { negotiable: true });
  const now = ctx.clock.now();
  const row: OffersTable = {
    ...{ id: newId(), listingId: listing.id, buyerId: buyer.id, sellerId: seller.id, amountCents: 8_000 },
    ...{ currency: 'USD', listingTitle: listing.title, listingPriceCents: listing.priceCents, status: 'pending' },
    ...{ createdAt: now, updatedAt: now, expiresAt: now, orderId: null, counterCents: null, reminderAt: null },
    ...over,
  };
  await insertOffer(ctx.db, row);
  return row.id;
}

async function parties() {
  const seller = await partyWithSession(ctx, 'seller');
  const stuck = await partyWithSession(ctx, 'buyer');
  await refuseWrites(ctx.handle, 'mail_outbox', 'to', stuck.email, ['insert']);
  return { seller, stuck, buyer: await partyWithSession(ctx, 'buyer') };
}

describe('the offer sweep past offers it cannot end or remind of', () => {
  it('ends the offers lapsed after more than a batch of failing ones, and the sweep goes on', async () => {
    const { seller, stuck, buyer } = await parties();
    const now = ctx.clock.now();
    const failing: string[] = [];
    for (let i = 0; i < 150; i++) failing.push(await offerRow(seller, stuck, { expiresAt: now - 1000 + i }));
    const lapsed = await offerRow(seller, buyer, { expiresAt: now });

    const result = await sweep(ctx);
    expect(result.offers.expired).toBe(1);
    expect(await offerOf(lapsed)).toMatchObject({ status: 'expired' });
    expect((await ctx.mailsTo(buyer.email)).map((m) => m.subject)).toEqual([expect.stringMatching(/expired$/)]);
    // Each failing one is still open, for the next sweep.
    expect(new Set(await Promise.all(failing.map(async (id) => (await offerOf(id)).status)))).toEqual(
      new Set(['pending']),
    );
  });

  it('reminds of the accepted offers due after more than a batch of failing reminders', async () => {
    const { seller, stuck, buyer } = await parties();
    const now = ctx.clock.now();
    const accepted = { status: 'accepted' as const, expiresAt: now + 3_600_000 };
    const failing: string[] = [];
    for (let i = 0; i < 150; i++)
      failing.push(await offerRow(seller, stuck, { ...accepted, reminderAt: now - 1000 + i }));
    const due = await offerRow(seller, buyer, { ...accepted, reminderAt: now });

    const result = await sweep(ctx);
    expect(result.offers.reminded).toBe(1);
    expect(await offerOf(due)).toMatchObject({ status: 'accepted', reminderAt: null });
    expect((await ctx.mailsTo(buyer.email)).length).toBe(1);
    const left = await Promise.all(failing.map(async (id) => (await offerOf(id)).reminderAt));
    expect(left.every((at) => at !== null)).toBe(true);
  });
});
