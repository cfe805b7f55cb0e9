import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { testEngine, userWithSession, type TestContext } from '../../test/test-app';
import type { Interleave } from '../../test/interleave';
import { untilLockWaitOr } from '../../test/lock-waits';
import { useRaceTestApp } from '../../test/race-app';
import { insertListing } from './admin-test-fixtures';
import { unhideListing } from './admin-listings.service';
import { declineListingReview } from './admin-listing-review.service';
import { editListing } from '../listings/listing-management.service';
import { listingInput } from '../../test/listing-fixtures';
import type { ListingUpdate } from '@accountry/shared/listing-schemas';

let interleave: Interleave;
let ctx: TestContext;
let second: DatabaseHandle;
useRaceTestApp((race) => ({ ctx, second, interleave } = race));

afterEach(() => interleave.disarm());

const CHANGED = 'This was changed in the meantime. Reload the page and try again.';
const NO_REQUEST = 'This listing has no review request waiting.';
const CHANGED_SINCE_SEEN = 'The seller changed the listing since your page loaded it. Look at it again, then decide.';

/** A hidden listing whose seller asked for another look, and two admins to answer it. */
async function waitingRequest() {
  const seller = await userWithSession(ctx, 'seller');
  const [a, b] = [await userWithSession(ctx, 'admin'), await userWithSession(ctx, 'admin')];
  const listing = await insertListing(ctx, seller.user.id, {
    status: 'hidden',
    statusBeforeHidden: 'active',
    hiddenReason: 'Blurry screenshots',
    reviewRequestedAt: ctx.clock.now(),
    reviewRequestNote: 'New screenshots',
  });
  return { seller, a, b, listing };
}

const rowOf = (id: string) =>
  ctx.db
    .selectFrom('listings')
    .select(['status', 'hiddenReason', 'reviewRequestedAt', 'reviewedVersion'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const post = (url: string, session: { headers: Record<string, string> }, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: session.headers, payload });
const answer = (res: { statusCode: number; json: () => { error?: { message: string } } }) => [
  res.statusCode,
  res.json().error?.message,
];

// SQLite runs one write transaction at a time; PostgreSQL lets the two interleave inside either transaction.
describe.skipIf(testEngine === 'sqlite')('a decline and a show of the same request at once', () => {
  it('a show that lands after the decline read the request wins; the decline answers 409 and writes nothing', async () => {
    const { seller, a, b, listing } = await waitingRequest();
    interleave.arm('listings', async () => {
      ctx.clock.advance(1000);
      await unhideListing({ ...ctx.deps, db: second }, b.user, listing.id);
    });
    const res = await post(`/api/admin/listings/${listing.id}/review-request/decline`, a.session, {
      reason: 'Still blurry',
      contentVersion: 0,
    });
    expect(answer(res)).toEqual([409, NO_REQUEST]);
    expect(await rowOf(listing.id)).toEqual({
      status: 'active',
      hiddenReason: null,
      reviewRequestedAt: null,
      reviewedVersion: null,
    });
    const kept = (await ctx.mailsTo(seller.user.email)).filter((m) => m.subject.startsWith('Your listing stays'));
    expect(kept).toEqual([]);
  });

  it('a decline that lands after the show read the listing wins; the show answers 409 and the listing stays hidden', async () => {
    const { seller, a, b, listing } = await waitingRequest();
    interleave.arm('listings', async () => {
      ctx.clock.advance(1000);
      const input = { reason: 'Still blurry', contentVersion: 0 };
      await declineListingReview({ ...ctx.deps, db: second }, b.user, listing.id, input);
    });
    const res = await post(`/api/admin/listings/${listing.id}/unhide`, a.session);
    expect(answer(res)).toEqual([409, CHANGED]);
    expect(await rowOf(listing.id)).toMatchObject({
      status: 'hidden',
      hiddenReason: 'Still blurry',
      reviewRequestedAt: null,
    });
    const shown = (await ctx.mailsTo(seller.user.email)).filter((m) => m.subject.startsWith('Your listing is shown'));
    expect(shown).toEqual([]);
  });

  it('a change the seller saves after the decline read the listing is not taken as looked at: 409, nothing written', async () => {
    const { seller, a, listing } = await waitingRequest();
    interleave.arm('listings', async () => {
      const edit = { ...listingInput({ title: 'New screenshots Valorant' }), contentVersion: 0 } as ListingUpdate;
      await editListing({ ...ctx.deps, db: second }, seller.user, listing.id, edit);
    });
    const res = await post(`/api/admin/listings/${listing.id}/review-request/decline`, a.session, {
      reason: 'Still blurry',
      contentVersion: 0,
    });
    expect(answer(res)).toEqual([409, CHANGED_SINCE_SEEN]);
    expect(await rowOf(listing.id)).toEqual({
      status: 'hidden',
      hiddenReason: 'Blurry screenshots',
      reviewRequestedAt: listing.reviewRequestedAt,
      reviewedVersion: null,
    });
    const kept = (await ctx.mailsTo(seller.user.email)).filter((m) => m.subject.startsWith('Your listing stays'));
    expect(kept).toEqual([]);
  });

  it('sent together, exactly one of them goes through and the other answers 409', async () => {
    const { a, b, listing } = await waitingRequest();
    let shown: Promise<unknown> = Promise.resolve();
    // The decline has written (the row is locked until it commits); the show starts and waits for it.
    interleave.arm(
      'listings',
      async () => {
        shown = unhideListing({ ...ctx.deps, db: second }, b.user, listing.id).then(
          () => 200,
          (err: { statusCode?: number; message?: string }) => [err.statusCode, err.message],
        );
        await untilLockWaitOr(ctx.db, shown);
      },
      'update',
    );
    const declined = await post(`/api/admin/listings/${listing.id}/review-request/decline`, a.session, {
      reason: 'Still blurry',
      contentVersion: 0,
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await shown).toEqual([409, CHANGED]);
    expect(await rowOf(listing.id)).toMatchObject({ status: 'hidden', hiddenReason: 'Still blurry' });
  });
});
