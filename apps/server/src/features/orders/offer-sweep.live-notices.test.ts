import { CHAT_EVENTS, type ChatMessageEvent } from '@accountry/shared/chat';
import { describe, expect, it } from 'vitest';
import type { OffersTable } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import type { TestContext } from '../../test/test-app';
import { insertOffer } from './offers.repository';
import { insertListing, partyWithSession, sweep } from './orders-test-helpers';

/**
 * A lapsed offer's notice goes out live once its offer is expired, as an order's does after its move: the sweep does
 * not keep every notice until it has walked all the lapsed offers (minutes late with many, and lost with the process).
 */
let ctx: TestContext;
let interleave: Interleave;
useRaceTestApp((race) => ({ ctx, interleave } = race));

async function lapsedOffer(sellerId: string, buyerId: string) {
  const listing = await insertListing(ctx, sellerId, { negotiable: true });
  const now = ctx.clock.now();
  const row: OffersTable = {
    ...{ id: newId(), listingId: listing.id, buyerId, sellerId, amountCents: 8_000, currency: 'USD' },
    ...{ listingTitle: listing.title, listingPriceCents: listing.priceCents, status: 'pending', createdAt: now - 10 },
    ...{ updatedAt: now - 10, expiresAt: now - 1, orderId: null, counterCents: null, reminderAt: null },
  };
  await insertOffer(ctx.db, row);
  return row.id;
}

describe('the notices of lapsed offers', () => {
  it('are published one by one as the sweep expires each offer', async () => {
    const seller = await partyWithSession(ctx, 'seller');
    const buyer = await partyWithSession(ctx, 'buyer');
    for (let i = 0; i < 3; i++) await lapsedOffer(seller.id, buyer.id);
    // Sent: handed to the bus. On PostgreSQL a notice reaches the subscribers only after its NOTIFY's round trip, so
    // what the sweep had sent when it claimed the next offer is counted where it sends, not where it arrives.
    const sent: string[] = [];
    const delivered: string[] = [];
    const publish = ctx.bus.publish;
    ctx.bus.publish = (e) => {
      if (e.type === CHAT_EVENTS.message) sent.push((e.data as ChatMessageEvent).message.body);
      return publish.call(ctx.bus, e);
    };
    const stop = ctx.bus.subscribe((e) => {
      if (e.type === CHAT_EVENTS.message) delivered.push((e.data as ChatMessageEvent).message.body);
    });
    // How many notices were out when the sweep claimed the second and the third offer.
    const outAtClaims: number[] = [];
    const atNextClaim = () => interleave.arm('offers', async () => void outAtClaims.push(sent.length), 'update');
    interleave.arm('offers', async () => atNextClaim(), 'update');
    try {
      const result = await sweep(ctx);
      expect(result.offers.expired).toBe(3);
      expect(outAtClaims).toEqual([1]);
      expect(sent).toEqual(Array(3).fill(expect.stringMatching(/expired/)));
      await expect.poll(() => delivered).toEqual(sent);
    } finally {
      ctx.bus.publish = publish;
      stop();
      interleave.disarm();
    }
  });
});
