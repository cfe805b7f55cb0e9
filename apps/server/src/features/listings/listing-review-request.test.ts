import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertDeletedUser, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { insertTestListing } from '../../test/listing-fixtures';

/** The seller of a hidden listing asks a moderator for another look (decision 259). */
let ctx: TestContext;
type Member = Awaited<ReturnType<typeof userWithSession>>;
let seller: Member;
let admin: Member;
let optedOut: Member;
const URL = 'https://market.example';

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: URL });
  seller = await userWithSession(ctx, 'seller', { displayName: 'Rank Shop' });
  admin = await userWithSession(ctx, 'admin');
  // An admin who turned the task mails off hears of no request either.
  optedOut = await userWithSession(ctx, 'admin');
  const off = await ctx.app.inject({
    method: 'PUT',
    url: '/api/profile/email-preferences',
    headers: optedOut.session.headers,
    payload: { unreadMessages: true, adminWaiting: false },
  });
  expect(off.statusCode, off.body).toBe(200);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, session?: Session, payload?: object) =>
  ctx.app.inject({ method, url, headers: session?.headers, ...(payload ? { payload } : {}) });
const ask = (id: string, body: object, session: Session = seller.session) =>
  call('POST', `/api/listings/${id}/review-request`, session, body);
const own = async (id: string, who = seller) => (await call('GET', `/api/my/listings/${id}`, who.session)).json();
const waitingReviews = async () =>
  (await call('GET', '/api/admin/waiting', admin.session)).json().listingReviews as number;
const stored = (id: string) =>
  ctx.db
    .selectFrom('listings')
    .select(['reviewRequestedAt', 'reviewRequestNote', 'reviewedVersion'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** A listing of the seller's that a moderator hid, as the admin API hides it. */
async function hiddenListing(title = 'Immortal Valorant account', owner = seller) {
  const listing = await insertTestListing(ctx, owner.user.id, { title });
  const res = await call('POST', `/api/admin/listings/${listing.id}/hide`, admin.session, {
    reason: 'The screenshots show another account',
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: listing.id, title, contentVersion: (await own(listing.id, owner)).contentVersion as number };
}

describe('POST /api/listings/:id/review-request', () => {
  it('asks: the listing says so, every admin who may act is mailed the note, and it waits in the count and the list', async () => {
    const before = await waitingReviews();
    const listing = await hiddenListing('Radiant Valorant account');
    expect(await own(listing.id)).toMatchObject({ reviewRequestedAt: null, reviewedAsIs: false });
    ctx.clock.advance(1000);
    const res = await ask(listing.id, { contentVersion: listing.contentVersion, note: '  New screenshots of mine  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'hidden', reviewRequestedAt: ctx.clock.now(), reviewedAsIs: false });
    expect(await own(listing.id)).toMatchObject({ reviewRequestedAt: ctx.clock.now(), reviewedAsIs: false });
    const rows = (await call('GET', '/api/my/listings?status=hidden', seller.session)).json().items;
    expect(rows.find((r: { id: string }) => r.id === listing.id)).toMatchObject({
      reviewRequestedAt: ctx.clock.now(),
      reviewedAsIs: false,
    });

    const mails = (await ctx.mailsTo(admin.user.email)).filter((m) => m.subject.includes('Radiant Valorant'));
    expect(mails.map((m) => m.subject)).toEqual(['A hidden listing waits for another look: Radiant Valorant account']);
    expect(mails[0]!.text).toContain(
      'Rank Shop changed "Radiant Valorant account" and asked for it to be shown again. ' +
        'Their note: New screenshots of mine',
    );
    expect(mails[0]!.text).toContain(`Open the listings to review: ${URL}/admin/listings?review=requested`);
    expect(mails[0]!.text).toContain('You can turn these emails off in your profile');
    expect(await ctx.mailsTo(optedOut.user.email)).toEqual([]);
    expect((await ctx.mailsTo(seller.user.email)).map((m) => m.subject)).not.toContain(mails[0]!.subject);

    expect(await waitingReviews()).toBe(before + 1);
    const listed = (await call('GET', '/api/admin/listings?review=requested&limit=100', admin.session)).json().items;
    expect(listed.find((l: { id: string }) => l.id === listing.id)).toMatchObject({
      status: 'hidden',
      reviewRequestedAt: ctx.clock.now(),
      reviewRequestNote: 'New screenshots of mine',
    });
  });

  it('asks without a note, and the mail says nothing of one', async () => {
    const listing = await hiddenListing('Plain Apex account');
    expect((await ask(listing.id, { contentVersion: listing.contentVersion })).statusCode).toBe(200);
    expect((await stored(listing.id)).reviewRequestNote).toBe('');
    const [mail] = (await ctx.mailsTo(admin.user.email)).filter((m) => m.subject.includes('Plain Apex'));
    expect(mail!.text).toContain('Rank Shop changed "Plain Apex account" and asked for it to be shown again.\n');
    expect(mail!.text).not.toContain('Their note');
  });

  it("answers 404 for another seller's hidden listing, 401 signed out and 403 to a member who only buys", async () => {
    const listing = await hiddenListing();
    const other = await userWithSession(ctx, 'seller');
    const buyer = await userWithSession(ctx, 'buyer');
    const body = { contentVersion: listing.contentVersion };
    const notYours = await ask(listing.id, body, other.session);
    expect([notYours.statusCode, notYours.json().error.message]).toEqual([404, 'Listing not found']);
    expect((await ask(listing.id, body, buyer.session)).statusCode).toBe(403);
    expect((await call('POST', `/api/listings/${listing.id}/review-request`, undefined, body)).statusCode).toBe(401);
    expect((await ask('no-such-listing', body)).statusCode).toBe(404);
    expect(await stored(listing.id)).toEqual({
      reviewRequestedAt: null,
      reviewRequestNote: null,
      reviewedVersion: null,
    });
  });

  it('refuses a listing that is not hidden, a second request, a stale page and a long note', async () => {
    const shown = await insertTestListing(ctx, seller.user.id);
    const notHidden = await ask(shown.id, { contentVersion: 0 });
    expect([notHidden.statusCode, notHidden.json().error.message]).toEqual([
      409,
      'Only a hidden listing can be reviewed again.',
    ]);

    const listing = await hiddenListing();
    const stale = await ask(listing.id, { contentVersion: listing.contentVersion + 1, note: 'From an old tab' });
    expect([stale.statusCode, stale.json().error.message]).toEqual([
      409,
      'This was changed in the meantime. Reload the page and try again.',
    ]);
    expect(await stored(listing.id)).toEqual({
      reviewRequestedAt: null,
      reviewRequestNote: null,
      reviewedVersion: null,
    });

    const long = await ask(listing.id, { contentVersion: listing.contentVersion, note: 'x'.repeat(501) });
    expect([long.statusCode, long.json().error.fields.note]).toEqual([400, 'Keep the note under 500 characters']);

    expect((await ask(listing.id, { contentVersion: listing.contentVersion, note: 'First' })).statusCode).toBe(200);
    const mailed = (await ctx.mailsTo(admin.user.email)).length;
    const twice = await ask(listing.id, { contentVersion: listing.contentVersion, note: 'Second' });
    expect([twice.statusCode, twice.json().error.message]).toEqual([
      409,
      'You already asked for a review of this listing. A moderator will look at it soon.',
    ]);
    expect((await stored(listing.id)).reviewRequestNote).toBe('First');
    expect(await ctx.mailsTo(admin.user.email)).toHaveLength(mailed);
  });

  it("leaves a closed seller's request out of the count and the list until the account is back", async () => {
    const closed = await userWithSession(ctx, 'seller');
    const listing = await hiddenListing('Closed shop listing', closed);
    expect((await ask(listing.id, { contentVersion: listing.contentVersion }, closed.session)).statusCode).toBe(200);
    const before = await waitingReviews();
    const setDisabled = (disabled: boolean) =>
      ctx.db.updateTable('users').set({ disabled }).where('id', '=', closed.user.id).execute();
    await setDisabled(true);
    try {
      expect(await waitingReviews()).toBe(before - 1);
      const listed = (await call('GET', '/api/admin/listings?review=requested&limit=100', admin.session)).json();
      expect(listed.items.map((l: { id: string }) => l.id)).not.toContain(listing.id);
    } finally {
      await setDisabled(false);
    }
    expect(await waitingReviews()).toBe(before);
    // The same while the account is deleted, and back once the deletion is resolved.
    await insertDeletedUser(ctx.db, closed.user);
    expect(await waitingReviews()).toBe(before - 1);
    const listed = (await call('GET', '/api/admin/listings?review=requested&limit=100', admin.session)).json();
    expect(listed.items.map((l: { id: string }) => l.id)).not.toContain(listing.id);
    await ctx.db.updateTable('deletedUsers').set({ status: 'resolved' }).where('uid', '=', closed.user.id).execute();
    expect(await waitingReviews()).toBe(before);
    // A listing the seller deleted waits for nobody.
    await ctx.db.updateTable('listings').set({ deletedAt: ctx.clock.now() }).where('id', '=', listing.id).execute();
    expect(await waitingReviews()).toBe(before - 1);
  });
});
