import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { accountLock, withKeyLocks } from '../../db/key-lock';
import type { AuthUser } from '../../plugins/auth';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { testEngine, type TestContext } from '../../test/test-app';
import { blockEndingDeals } from './blocked-deals.service';
import { ordersContext } from './orders-context';
import { payOrder } from './orders.service';
import { arrangeDeal, call, expectLedgerHealthy, ledgerSnapshot, orderUpTo } from './orders-test-helpers';

// Races between connections: SQLite's one connection already runs one transaction at a time.
const pg = testEngine === 'postgres';
let ctx: TestContext;
let second: DatabaseHandle;
let interleave: Interleave;
useRaceTestApp((race) => ({ ctx, second, interleave } = race));

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

describe('a block completed while the buyer pays from their balance', () => {
  it('after the payment read that no block stands: the payment is refused (403) and no money moves', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000 });
    const id = await orderUpTo(ctx, deal, 'pending_payment');
    const buyer = (await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', deal.buyer.id)
      .executeTakeFirstOrThrow()) as AuthUser;
    const before = await ledgerSnapshot(ctx);
    // Right after payOrder's first look found no block, the seller's block runs to its end on another connection, as
    // SafetyService.block does it (the row, the offers and the unpaid orders in one transaction, under the locks).
    interleave.arm('user_blocks', async () => {
      await blockEndingDeals({ ...ctx.deps, db: second }, deal.seller.id, deal.buyer.id, async (trx) => {
        await trx
          .insertInto('userBlocks')
          .values({ blockerId: deal.seller.id, blockedId: deal.buyer.id, createdAt: ctx.clock.now() })
          .execute();
      });
    });
    const outcome = await payOrder(ordersContext(ctx.deps), buyer, id).then(
      (r) => `paid: ${r.order.status}`,
      (e: Error & { statusCode?: number }) => `${e.statusCode} ${e.message}`,
    );
    expect(outcome).toBe('403 You cannot buy from this seller.');
    const order = await ctx.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    // The block ended the unpaid order too, once the payment's transaction let it.
    expect(order.status).toBe('canceled');
    expect(await ledgerSnapshot(ctx)).toEqual(before);
    await expectLedgerHealthy(ctx);
  });
});
