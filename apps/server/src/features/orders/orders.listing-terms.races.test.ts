import { describe, expect, it } from 'vitest';
import { listingInputSchema } from '@accountry/shared/listing-schemas';
import type { AppDeps } from '../../app';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../lib/app-error';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { untilLockWaitOr } from '../../test/lock-waits';
import { listingInput } from '../../test/listing-fixtures';
import { testEngine, type TestContext } from '../../test/test-app';
import { deleteListing, editListing } from '../listings/listing-management.service';
import { arrangeDeal, call } from './orders-test-helpers';

/** A seller's edit landing while buy now decides on the listing it read: the order keeps the terms it copied. */
let ctx: TestContext;
let interleave: Interleave;
let secondDeps: AppDeps;
useRaceTestApp((race) => {
  ({ ctx, interleave } = race);
  secondDeps = { ...ctx.deps, db: race.second };
});

/**
 * Arm the listing's read under buy now's locks (its first read, before them, only finds the seller); `waitsAt` is the
 * statement the write is held back at.
 */
function whileBuyNowHoldsTheListing(write: () => Promise<unknown>, waitsAt = 'update "listings"%') {
  let outcome!: Promise<string>;
  interleave.arm('listings', async () => {
    interleave.arm('listings', async () => {
      const writing = write();
      outcome = writing.then(
        () => 'written',
        (e: unknown) => (e instanceof AppError ? `${e.statusCode}` : String(e)),
      );
      await untilLockWaitOr(ctx.db, writing, waitsAt);
    });
  });
  return () => outcome;
}

const sellerOf = (id: string) =>
  ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow() as Promise<AuthUser>;
const listingRow = (id: string) =>
  ctx.db
    .selectFrom('listings')
    .select(['priceCents', 'status', 'deletedAt'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

// SQLite runs one transaction at a time: only PostgreSQL can interleave an edit inside buy now's transaction.
describe.runIf(testEngine === 'postgres')('a seller changing the listing while it is being bought', () => {
  it('a new price waits for the order, then is refused: the order and the listing keep the price the buyer saw', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000 });
    const seller = await sellerOf(deal.seller.id);
    const edited = whileBuyNowHoldsTheListing(() =>
      editListing(secondDeps, seller, deal.listing.id, listingInputSchema.parse(listingInput({ priceCents: 30_000 }))),
    );
    const res = await call(ctx, deal.buyer, 'POST', '/api/orders', {
      listingId: deal.listing.id,
      expectedPriceCents: 10_000,
    });
    expect([res.status, res.body.priceCents]).toEqual([201, 10_000]);
    expect(await edited()).toBe('409');
    expect(await listingRow(deal.listing.id)).toMatchObject({ priceCents: 10_000, status: 'reserved' });
  });

  it('a deletion waits for the order, then is refused: no order holds a deleted listing', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000 });
    const seller = await sellerOf(deal.seller.id);
    // A deletion closes the listing's offers too, so it takes the seller's account lock first, which buy now holds.
    const deleted = whileBuyNowHoldsTheListing(
      () => deleteListing(secondDeps, seller, deal.listing.id),
      '%pg_advisory_xact_lock%',
    );
    const res = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id });
    expect(res.status).toBe(201);
    expect(await deleted()).toBe('409');
    expect(await listingRow(deal.listing.id)).toMatchObject({ status: 'reserved', deletedAt: null });
  });
});
