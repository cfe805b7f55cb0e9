import { describe, expect, it } from 'vitest';
import type { Interleave } from '../../test/interleave';
import type { DatabaseHandle } from '../../db/database';
import { useRaceTestApp } from '../../test/race-app';
import { testEngine, type TestContext } from '../../test/test-app';
import type { AuthUser } from '../../plugins/auth';
import { changeStatus } from '../listings/listing-management.service';
import { arrangeDeal, call, listingChat } from './orders-test-helpers';

// Races between connections: SQLite's one connection already runs one transaction at a time.
const pg = testEngine === 'postgres';
let interleave: Interleave;
let ctx: TestContext;
let second: DatabaseHandle;
useRaceTestApp((race) => ({ ctx, second, interleave } = race));

describe.runIf(pg)('a seller marking the listing sold while accepting an offer on it', () => {
  it('the sale waits for the accept, under the account locks, and then closes the accepted offer', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000, negotiable: true });
    const id = (await call(ctx, deal.buyer, 'POST', `/api/listings/${deal.listing.id}/offers`, { amountCents: 7_000 }))
      .body.id as string;
    let sold: Promise<unknown> | undefined;
    let soldDone = false;
    let soldBeforeAccept = true;
    // The offer's own look-up joins the listing; the next read of it is the accept's check, under both account locks.
    interleave.arm('listings', async () => {
      interleave.arm('listings', async () => {
        const seller = { id: deal.seller.id } as AuthUser;
        sold = changeStatus({ ...ctx.deps, db: second }, seller, deal.listing.id, 'sold').then(() => (soldDone = true));
        // Time enough for the sale to commit, if nothing held it back.
        await new Promise((r) => setTimeout(r, 300));
        soldBeforeAccept = soldDone;
      });
    });
    const accepted = await call(ctx, deal.seller, 'POST', `/api/offers/${id}/accept`);
    await sold;
    const row = await ctx.db.selectFrom('offers').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(soldBeforeAccept).toBe(false);
    expect([accepted.status, row.status]).toEqual([200, 'closed']);
    expect(await listingChat(ctx, deal.listing.id, deal.buyer.id)).toEqual([
      'The buyer offered $70 for this account. The seller has 48 hours to answer.',
      'The seller accepted the offer of $70. The buyer has 24 hours to buy at that price.',
      'The account was sold to another buyer: the offer of $70 is closed.',
    ]);
  });
});
