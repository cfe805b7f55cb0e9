import { describe, expect, it } from 'vitest';
import { refuseUpdatesOfRows } from '../../test/refused-writes';
import type { OffersTable } from '../../db/schema';
import { newId } from '../../lib/ids';
import { insertOrderRow } from '../../test/order-fixtures';
import type { TestContext } from '../../test/test-app';
import { insertOffer } from './offers.repository';
import { insertListing, partyWithSession, sweep, useOrdersTestApp } from './orders-test-helpers';

/**
 * The order sweep erases ended orders' credentials in one statement over every due order (decision 241 left it so:
 * "no item of its own"). One order whose row the database refuses to write, every time, then fails the statement: no
 * other order's credentials are erased (kept past their 30 days), and the sweep ends there, so the steps after it
 * (lapsed offers, owed payment pages, chargeback checks) never run again either.
 */
let ctx: TestContext;
useOrdersTestApp((c) => (ctx = c));

describe('the order sweep past an ended order it cannot write', () => {
  it("erases the other orders' credentials and goes on to the lapsed offers", async () => {
    const seller = await partyWithSession(ctx, 'seller');
    const buyer = await partyWithSession(ctx, 'buyer');
    const now = ctx.clock.now();
    const ended = async (credentialsEraseAt: number) => {
      const listing = await insertListing(ctx, seller.id, { status: 'sold' });
      const o = { listingId: listing.id, buyerId: buyer.id, sellerId: seller.id, status: 'completed' as const };
      return (await insertOrderRow(ctx, { ...o, credentialsEraseAt, dueAt: null, dueAction: null, reminderAt: null }))
        .id;
    };
    const stuck = await ended(now - 1000);
    await refuseUpdatesOfRows(ctx.handle, 'orders', 'id', stuck);
    const other = await ended(now);
    // A lapsed offer, a later step of the same sweep.
    const listing = await insertListing(ctx, seller.id, { negotiable: true });
    const offer: OffersTable = {
      ...{ id: newId(), listingId: listing.id, buyerId: buyer.id, sellerId: seller.id, amountCents: 8_000 },
      ...{ currency: 'USD', listingTitle: listing.title, listingPriceCents: listing.priceCents, status: 'pending' },
      ...{ createdAt: now, updatedAt: now, expiresAt: now, orderId: null, counterCents: null, reminderAt: null },
    };
    await insertOffer(ctx.db, offer);

    // The sweep's beat, twice; a sweep that throws goes to the task's onError.
    for (let i = 0; i < 2; i++) await sweep(ctx).catch(() => undefined);

    const erased = await ctx.db
      .selectFrom('orders')
      .select(['credentialsCipher', 'credentialsErasedAt'])
      .where('id', '=', other)
      .executeTakeFirstOrThrow();
    expect(erased).toEqual({ credentialsCipher: null, credentialsErasedAt: now });
    const o = await ctx.db.selectFrom('offers').select('status').where('id', '=', offer.id).executeTakeFirstOrThrow();
    expect(o.status).toBe('expired');
  });
});
