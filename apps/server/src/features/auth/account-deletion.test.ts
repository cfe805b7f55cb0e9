import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fund } from '../../test/order-fixtures';
import { insertTestListing } from '../../test/listing-fixtures';
import { TEST_PASSWORD, createTestApp, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { eraseDueAccounts } from '../admin/account-erasure.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://market.example' });
});
afterAll(() => ctx.close());

const DAY = 24 * 60 * 60 * 1000;
const inject = (session: Session | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, payload: payload as object, headers: session?.headers ?? {} });
const deleteAccount = (session: Session, password = TEST_PASSWORD) =>
  inject(session, 'POST', '/api/profile/delete', { password });
const deletion = (uid: string) =>
  ctx.db.selectFrom('deletedUsers').selectAll().where('uid', '=', uid).executeTakeFirst();
const signIn = (email: string) => inject(null, 'POST', '/api/auth/signin', { email, password: TEST_PASSWORD });

describe('a member deletes their own account', () => {
  it('with their password: signed out everywhere, no sign-in, listings hidden, a mail, erasure scheduled', async () => {
    const { user, session } = await userWithSession(ctx, 'seller', { displayName: 'Dee Parting' });
    const listing = await insertTestListing(ctx, user.id, { status: 'active' }, 0);
    const res = await deleteAccount(session);
    expect(res.statusCode).toBe(204);
    expect(res.headers['set-cookie']).toBeDefined();
    expect((await inject(session, 'GET', '/api/auth/me')).json().user).toBeNull();
    const refused = await signIn(user.email);
    expect(refused.json().error.message).toBe(
      'Your account has been deleted. Please contact support if you believe this is an error.',
    );
    const row = await deletion(user.id);
    expect(row).toMatchObject({
      status: 'unresolved',
      deletedBy: user.id,
      reason: 'Deleted by the member from their profile.',
      eraseAt: ctx.clock.now() + 30 * DAY,
      erasedAt: null,
    });
    const hidden = await ctx.db.selectFrom('listings').select('status').where('id', '=', listing.id).executeTakeFirst();
    expect(hidden?.status).toBe('hidden');
    const mail = await ctx.lastMail(user.email);
    expect(mail?.subject).toBe('Your Accountry account was deleted');
    expect(mail?.text).toContain('support can restore the account if you change your mind');
  });

  it('is refused with the wrong password, for an admin, during an order and with money in the wallet', async () => {
    const member = await userWithSession(ctx, 'buyer');
    const wrong = await deleteAccount(member.session, 'Not-The-Password-1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: 'Your current password is incorrect.' });

    const admin = await userWithSession(ctx, 'admin');
    const adminRes = await deleteAccount(admin.session);
    expect(adminRes.statusCode).toBe(403);
    expect(adminRes.json().error.message).toBe(
      'An admin account cannot be deleted from the profile. Ask another admin to delete it.',
    );

    // Told what they can do with it: a buyer-only member asks for no payout until they sell (decision 222).
    await fund(ctx, member.user.id, 5_000);
    const money = await deleteAccount(member.session);
    expect(money.statusCode).toBe(409);
    expect(money.json().error.message).toBe(
      'Your wallet holds $50.00. To withdraw it, change your role to Seller or Both in your profile and request a ' +
        'payout, or contact support, before deleting your account.',
    );
    for (const role of ['seller', 'both'] as const) {
      const selling = await userWithSession(ctx, role);
      await fund(ctx, selling.user.id, 2_500);
      const refused = await deleteAccount(selling.session);
      expect([refused.statusCode, refused.json().error.message]).toEqual([
        409,
        'Your wallet holds $25.00. Request a payout, or contact support, before deleting your account.',
      ]);
      expect(await deletion(selling.user.id)).toBeUndefined();
    }

    const seller = await userWithSession(ctx, 'seller');
    const listing = await insertTestListing(ctx, seller.user.id, { status: 'active' }, 0);
    expect((await inject(member.session, 'POST', '/api/orders', { listingId: listing.id })).statusCode).toBe(201);
    for (const party of [seller, member]) {
      const res = await deleteAccount(party.session);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(
        'You have orders in progress. Finish or cancel them before deleting your account.',
      );
    }
    for (const who of [member, admin, seller]) expect(await deletion(who.user.id)).toBeUndefined();
    expect((await inject(member.session, 'GET', '/api/auth/me')).json().user?.uid).toBe(member.user.id);
  });
});

describe('erasure after the restore window', () => {
  it('erases the personal data once, 30 days on; the address can sign up again; no restore after', async () => {
    const { user, session } = await userWithSession(ctx, 'buyer', { displayName: 'Eve Erased', phoneNumber: '+1555' });
    const seller = await userWithSession(ctx, 'seller');
    const listing = await insertTestListing(ctx, seller.user.id, { status: 'active' }, 0);
    await ctx.db.insertInto('favorites').values({ userId: user.id, listingId: listing.id, createdAt: 1 }).execute();
    await ctx.db
      .insertInto('savedSearches')
      .values({ id: `s-${user.id}`, userId: user.id, query: 'q=secret%20hobby', createdAt: 1, checkedAt: 1 })
      .execute();
    await ctx.db
      .insertInto('feedback')
      .values({
        id: `f-${user.id}`,
        userId: user.id,
        email: user.email,
        rating: 4,
        category: 'other',
        message: 'Nice site',
        status: 'open',
        note: '',
        createdAt: 1,
        updatedAt: 1,
      })
      .execute();
    expect((await deleteAccount(session)).statusCode).toBe(204);

    ctx.clock.advance(30 * DAY - 1);
    expect(await eraseDueAccounts(ctx.deps)).toBe(0);
    ctx.clock.advance(1);
    // Two processes at once erase each due account once (earlier cases' deletions fall due too).
    const due = await ctx.db.selectFrom('deletedUsers').select('uid').where('eraseAt', '<=', ctx.clock.now()).execute();
    expect(due.map((d) => d.uid)).toContain(user.id);
    const [here, there] = await Promise.all([eraseDueAccounts(ctx.deps), eraseDueAccounts(ctx.deps)]);
    expect(here + there).toBe(due.length);
    expect(await eraseDueAccounts(ctx.deps)).toBe(0);
    const erased = await ctx.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(erased).toMatchObject({
      email: `erased-${user.id}@accountry.invalid`,
      displayName: 'Former member',
      phoneNumber: '',
      passwordHash: '',
      emailVerified: false,
    });
    expect(await ctx.db.selectFrom('favorites').selectAll().where('userId', '=', user.id).execute()).toEqual([]);
    expect(await ctx.db.selectFrom('savedSearches').selectAll().where('userId', '=', user.id).execute()).toEqual([]);
    // The feedback stays (it is about the site), without who sent it.
    expect(
      await ctx.db
        .selectFrom('feedback')
        .select(['userId', 'email', 'message'])
        .where('id', '=', `f-${user.id}`)
        .execute(),
    ).toEqual([{ userId: null, email: '', message: 'Nice site' }]);
    expect(await deletion(user.id)).toMatchObject({ erasedAt: ctx.clock.now(), eraseAt: null });

    const signUp = await inject(null, 'POST', '/api/auth/signup', {
      email: user.email,
      password: 'A-Fresh-Start-2026',
      displayName: 'Eve Again',
    });
    expect(signUp.statusCode).toBeLessThan(300);
    // Delivered in one batch with the deletion notice, in either order.
    expect((await ctx.mailsTo(user.email)).map((m) => m.subject)).toContain('Verify your email for Accountry');

    const admin = await userWithSession(ctx, 'admin');
    const restore = await inject(admin.session, 'POST', `/api/admin/users/${user.id}/restore`, {});
    expect(restore.statusCode).toBe(409);
    expect(restore.json().error.message).toBe("This account's personal data was erased. It cannot be restored.");
  });

  it('does not happen to an account restored within the window, nor to one an admin deleted', async () => {
    const member = await userWithSession(ctx, 'buyer');
    const moderated = await userWithSession(ctx, 'buyer');
    const admin = await userWithSession(ctx, 'admin');
    expect((await deleteAccount(member.session)).statusCode).toBe(204);
    expect((await inject(admin.session, 'POST', `/api/admin/users/${member.user.id}/restore`, {})).statusCode).toBe(
      200,
    );
    const byAdmin = await inject(admin.session, 'POST', `/api/admin/users/${moderated.user.id}/delete`, {
      reason: 'spam',
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().deletion).toMatchObject({ eraseAt: null, erasedAt: null });
    ctx.clock.advance(31 * DAY);
    await eraseDueAccounts(ctx.deps);
    for (const who of [member, moderated]) {
      const row = await ctx.db.selectFrom('users').select('email').where('id', '=', who.user.id).executeTakeFirst();
      expect(row?.email).toBe(who.user.email);
    }
    expect((await signIn(member.user.email)).statusCode).toBe(200);
  });
});
