import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { testEngine, userWithSession, type TestContext } from '../../test/test-app';
import { arrangeDeal, call, fund, type Party } from './orders-test-helpers';
import { buyNow } from './buy-now.service';
import { ordersContext } from './orders-context';

// Races between connections: SQLite's one connection already runs one transaction at a time.
const pg = testEngine === 'postgres';
let interleave: Interleave;
let ctx: TestContext;
let second: DatabaseHandle;
useRaceTestApp((race) => ({ ctx, second, interleave } = race));

const offer = (who: Party, listingId: string, amountCents: number) =>
  call(ctx, who, 'POST', `/api/listings/${listingId}/offers`, { amountCents });

describe.runIf(pg)('accepting an offer while another buyer orders the listing', () => {
  it('the order waits for the accept, which decided on the listing still for sale', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000, negotiable: true });
    const id = (await offer(deal.buyer, deal.listing.id, 8_000)).body.id as string;
    const rival = await userWithSession(ctx, 'buyer');
    await fund(ctx, rival.user.id, 50_000);
    let rivalOrder: Promise<unknown> | undefined;
    let rivalDone = false;
    let rivalDoneBeforeAccept = true;
    // The offer's own look-up joins the listing; the next read of it is the accept's check, under the seller's lock.
    interleave.arm('listings', async () => {
      interleave.arm('listings', async () => {
        rivalOrder = buyNow(ordersContext({ ...ctx.deps, db: second }), rival.user, deal.listing.id).then(
          () => (rivalDone = true),
        );
        // Time enough for the rival's order to commit, if nothing held it back.
        await new Promise((r) => setTimeout(r, 300));
        rivalDoneBeforeAccept = rivalDone;
      });
    });
    const accepted = await call(ctx, deal.seller, 'POST', `/api/offers/${id}/accept`);
    await rivalOrder;
    const row = await ctx.db.selectFrom('offers').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    const listing = await ctx.db
      .selectFrom('listings')
      .select('status')
      .where('id', '=', deal.listing.id)
      .executeTakeFirstOrThrow();
    // The order waited for the accept, which saw the listing for sale: accepted first, reserved after.
    expect(rivalDoneBeforeAccept).toBe(false);
    expect([accepted.status, row.status, listing.status]).toEqual([200, 'accepted', 'reserved']);
  });
});
