import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { accountLock, withKeyLocks } from '../../db/key-lock';
import { useRaceTestApp } from '../../test/race-app';
import { testEngine, type TestContext } from '../../test/test-app';
import { arrangeDeal, call } from './orders-test-helpers';

// Races between connections: SQLite's one connection already runs one transaction at a time.
const pg = testEngine === 'postgres';
let ctx: TestContext;
let second: DatabaseHandle;
useRaceTestApp((race) => ({ ctx, second } = race));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(pg)('a block committed while buy now waits for the account locks', () => {
  it('is seen by the purchase, which is refused and holds nothing', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000 });
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let written!: () => void;
    const blockWritten = new Promise<void>((r) => (written = r));
    // Another connection holds both accounts' locks, as a block's closing of offers takes them, and writes the block.
    const blocking = withKeyLocks(second.db, [accountLock(deal.seller.id), accountLock(deal.buyer.id)], async (trx) => {
      await trx
        .insertInto('userBlocks')
        .values({ blockerId: deal.seller.id, blockedId: deal.buyer.id, createdAt: ctx.clock.now() })
        .execute();
      written();
      await released;
    });
    await blockWritten;
    const buying = call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id });
    // Time enough for the order to be made, if nothing held it back; then the block commits.
    await sleep(300);
    release();
    await blocking;
    const res = await buying;
    expect([res.status, res.body.error?.message]).toEqual([403, 'You cannot buy from this seller.']);
    const listing = await ctx.db
      .selectFrom('listings')
      .select('status')
      .where('id', '=', deal.listing.id)
      .executeTakeFirstOrThrow();
    expect(listing.status).toBe('active');
  });
});
