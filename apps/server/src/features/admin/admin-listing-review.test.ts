import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { insertTestListing, listingInput } from '../../test/listing-fixtures';
import { injectSocket } from '../../test/test-socket';
import { auditRows } from './admin-test-fixtures';

/** A moderator answers a seller's request for another look at a hidden listing (decision 259). */
let ctx: TestContext;
type Member = Awaited<ReturnType<typeof userWithSession>>;
let seller: Member;
let admin: Member;
const URL = 'https://market.example';

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: URL });
  seller = await userWithSession(ctx, 'seller');
  admin = await userWithSession(ctx, 'admin');
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, session: Session, payload?: object) =>
  ctx.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
const own = async (id: string) => (await call('GET', `/api/my/listings/${id}`, seller.session)).json();
const ask = async (id: string, note?: string) =>
  call('POST', `/api/listings/${id}/review-request`, seller.session, {
    contentVersion: (await own(id)).contentVersion,
    ...(note ? { note } : {}),
  });
/** The content version an admin's listings page shows for the listing (0 for one that does not exist). */
const seenVersion = async (id: string) =>
  ((await call('GET', `/api/admin/listings?status=hidden`, admin.session)).json().items as AdminRow[]).find(
    (l) => l.id === id,
  )?.contentVersion ?? 0;
type AdminRow = { id: string; contentVersion: number };
/** "Keep hidden" on the content the admin's page shows now, unless the body names a version. */
const decline = async (id: string, body: object, session = admin.session) =>
  call('POST', `/api/admin/listings/${id}/review-request/decline`, session, {
    contentVersion: await seenVersion(id),
    ...body,
  });
const waitingReviews = async () =>
  (await call('GET', '/api/admin/waiting', admin.session)).json().listingReviews as number;
const stored = (id: string) =>
  ctx.db
    .selectFrom('listings')
    .select(['status', 'hiddenReason', 'reviewRequestedAt', 'reviewRequestNote', 'reviewedVersion', 'contentVersion'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** A listing of the seller's hidden by a moderator, whose seller asked for another look. */
async function requested(title: string, note = 'I replaced the screenshots') {
  const listing = await insertTestListing(ctx, seller.user.id, { title });
  const hid = await call('POST', `/api/admin/listings/${listing.id}/hide`, admin.session, { reason: 'Blurry shots' });
  expect(hid.statusCode, hid.body).toBe(200);
  ctx.clock.advance(1000);
  const res = await ask(listing.id, note);
  expect(res.statusCode, res.body).toBe(200);
  return { id: listing.id, requestedAt: ctx.clock.now() };
}

describe('the hide mail', () => {
  it('tells the seller to fix the listing and ask for a review', async () => {
    const listing = await insertTestListing(ctx, seller.user.id, { title: 'Hidden Fortnite account' });
    expect(
      (await call('POST', `/api/admin/listings/${listing.id}/hide`, admin.session, { reason: 'Stolen' })).statusCode,
    ).toBe(200);
    const [mail] = (await ctx.mailsTo(seller.user.email)).filter((m) => m.subject.includes('Hidden Fortnite'));
    expect(mail!.text).toContain(
      'Edit the listing to fix what the reason names, then ask for a review from its page. If you think this is a ' +
        'mistake, ask for a review and say why.',
    );
  });
});

describe('POST /api/admin/listings/:id/review-request/decline', () => {
  it('keeps the listing hidden with the new reason, mails and tells the seller, audits, and ends the wait', async () => {
    const { id, requestedAt } = await requested('Kept hidden Valorant account');
    const before = await waitingReviews();
    // Only an admin answers, with a reason.
    expect((await decline(id, { reason: 'Still blurry' }, seller.session)).statusCode).toBe(403);
    const bare = await decline(id, {});
    expect([bare.statusCode, bare.json().error.fields.reason]).toEqual([400, 'Reason is required']);
    const short = await decline(id, { reason: ' x ' });
    expect(short.json().error.fields.reason).toBe('Please tell the seller why it stays hidden (at least 3 characters)');

    ctx.clock.advance(1000);
    const tab = await injectSocket(ctx.app, seller.session.cookie);
    await tab.next('hello');
    const res = await decline(id, { reason: '  The rank shown is still not the real one  ' });
    expect(res.statusCode, res.body).toBe(200);
    // The seller's open page says the moderator answered, not that the listing was hidden anew.
    expect(await tab.next('listing.moderated')).toEqual({
      listingId: id,
      title: 'Kept hidden Valorant account',
      status: 'hidden',
      hiddenReason: 'The rank shown is still not the real one',
      deleted: false,
      reviewKept: true,
    });
    await tab.close();
    expect(res.json()).toMatchObject({
      status: 'hidden',
      hiddenReason: 'The rank shown is still not the real one',
      reviewRequestedAt: null,
      reviewRequestNote: null,
    });
    const row = await stored(id);
    expect(row).toMatchObject({ status: 'hidden', reviewRequestedAt: null, reviewRequestNote: null });
    expect(row.reviewedVersion).toBe(row.contentVersion);
    expect(await own(id)).toMatchObject({
      hiddenReason: 'The rank shown is still not the real one',
      reviewRequestedAt: null,
      reviewedAsIs: true,
    });
    expect(await waitingReviews()).toBe(before - 1);

    const kept = (await ctx.mailsTo(seller.user.email)).filter((m) => m.subject.includes('Kept hidden Valorant'));
    expect(kept.map((m) => m.subject)).toEqual([
      'Your listing was hidden: Kept hidden Valorant account',
      'Your listing stays hidden: Kept hidden Valorant account',
    ]);
    expect(kept[1]!.text).toContain(
      '"Kept hidden Valorant account" stays hidden from buyers.\nReason: The rank shown is still not the real one\n' +
        'Change the listing to fix what the reason names, then ask for a review again from its page.',
    );
    expect(kept[1]!.text).toContain(`Open your listings: ${URL}/listing-management`);

    const audit = (await auditRows(ctx, id)).map((e) => [e.action, JSON.parse(e.details)]);
    expect(audit.at(-1)).toEqual([
      'listing.review_decline',
      {
        reason: 'The rank shown is still not the real one',
        previousReason: 'Blurry shots',
        requestedAt,
        note: 'I replaced the screenshots',
      },
    ]);

    const again = await decline(id, { reason: 'Once more' });
    expect([again.statusCode, again.json().error.message]).toEqual([
      409,
      'This listing has no review request waiting.',
    ]);
  });

  it('refuses a request on the content a moderator kept hidden, and takes one after the seller changed it', async () => {
    const { id } = await requested('Unchanged Apex account');
    expect((await decline(id, { reason: 'Not fixed' })).statusCode).toBe(200);
    const unchanged = await ask(id, 'Please look again');
    expect([unchanged.statusCode, unchanged.json().error.message]).toEqual([
      409,
      'A moderator already looked at the listing as it is. Change what the reason names, then ask again.',
    ]);
    expect((await stored(id)).reviewRequestedAt).toBeNull();

    const version = (await own(id)).contentVersion as number;
    const edit = await call('PUT', `/api/listings/${id}`, seller.session, {
      ...listingInput({ title: 'Unchanged Apex account' }),
      contentVersion: version,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ contentVersion: version + 1, reviewedAsIs: false });
    const res = await ask(id, 'Fixed the screenshots now');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ reviewRequestedAt: ctx.clock.now(), reviewedAsIs: false });
  });

  it('keeps hidden only the content the moderator looked at: a change saved since answers 409 and writes nothing', async () => {
    const { id, requestedAt } = await requested('Changed meanwhile Rust account');
    const seen = await seenVersion(id);
    const edit = await call('PUT', `/api/listings/${id}`, seller.session, {
      ...listingInput({ title: 'Changed meanwhile Rust account' }),
      contentVersion: seen,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const stale = await decline(id, { reason: 'Still blurry', contentVersion: seen });
    expect([stale.statusCode, stale.json().error.message]).toEqual([
      409,
      'The seller changed the listing since your page loaded it. Look at it again, then decide.',
    ]);
    expect(await stored(id)).toMatchObject({
      hiddenReason: 'Blurry shots',
      reviewRequestedAt: requestedAt,
      reviewedVersion: null,
      contentVersion: seen + 1,
    });
    const missing = await decline(id, { reason: 'Still blurry', contentVersion: undefined });
    expect(missing.statusCode).toBe(400);

    // On the content as it is now, the answer is kept, with the version it was given on.
    expect(await seenVersion(id)).toBe(seen + 1);
    const res = await decline(id, { reason: 'Still blurry' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(id)).toMatchObject({ hiddenReason: 'Still blurry', reviewedVersion: seen + 1 });
  });

  it('ends the request when a moderator shows the listing again', async () => {
    const { id } = await requested('Shown again Valorant account');
    const before = await waitingReviews();
    const tab = await injectSocket(ctx.app, seller.session.cookie);
    await tab.next('hello');
    const shown = await call('POST', `/api/admin/listings/${id}/unhide`, admin.session);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(await tab.next('listing.moderated')).toMatchObject({ status: 'active', reviewKept: false });
    await tab.close();
    expect(shown.json()).toMatchObject({ status: 'active', reviewRequestedAt: null, reviewRequestNote: null });
    expect(await stored(id)).toMatchObject({ reviewRequestedAt: null, reviewRequestNote: null, reviewedVersion: null });
    expect(await own(id)).toMatchObject({ reviewRequestedAt: null, reviewedAsIs: false });
    expect(await waitingReviews()).toBe(before - 1);
    const res = await decline(id, { reason: 'Too late' });
    expect([res.statusCode, res.json().error.message]).toEqual([409, 'This listing has no review request waiting.']);
  });

  it('answers 409 for a hidden listing without a request, 404 for none, 403 to its own seller as admin', async () => {
    const listing = await insertTestListing(ctx, seller.user.id, { status: 'hidden', hiddenReason: 'Spam' });
    const none = await decline(listing.id, { reason: 'Still spam' });
    expect([none.statusCode, none.json().error.message]).toEqual([409, 'This listing has no review request waiting.']);
    expect((await stored(listing.id)).hiddenReason).toBe('Spam');
    const missing = await decline('no-such-listing', { reason: 'Still spam' });
    expect([missing.statusCode, missing.json().error.message]).toEqual([404, 'Listing not found']);

    // An admin's own listing (hidden and asked about in the database): another admin has to answer.
    const own = await insertTestListing(ctx, admin.user.id, {
      status: 'hidden',
      hiddenReason: 'Spam',
      reviewRequestedAt: ctx.clock.now(),
      reviewRequestNote: '',
    });
    const party = await decline(own.id, { reason: 'Still spam' });
    expect([party.statusCode, party.json().error.message]).toEqual([
      403,
      'You are the seller of this listing. Another admin has to.',
    ]);
  });
});
