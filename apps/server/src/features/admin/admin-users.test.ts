import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, ACCOUNT_DELETED_HIDDEN_REASON } from '@accountry/shared/admin-messages';
import {
  createTestApp,
  createUser,
  signInAs,
  userWithSession,
  type Session,
  type TestContext,
} from '../../test/test-app';
import { auditRows, insertConversation, insertListing } from './admin-test-fixtures';

let ctx: TestContext;
let admin: { id: string };
let adminSession: Session;

beforeAll(async () => {
  ctx = await createTestApp();
  const a = await userWithSession(ctx, 'admin');
  admin = a.user;
  adminSession = a.session;
});
afterAll(() => ctx.close());

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, session: Session = adminSession) =>
  ctx.app.inject({ method, url, headers: session.headers, ...(payload !== undefined ? { payload } : {}) });
/** Whether the server still accepts the session: an admin endpoint answers 401 to no session and 403/200 to a live one. */
const isSignedIn = async (session: Session) => {
  const status = (await ctx.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: session.headers }))
    .statusCode;
  if (status !== 401 && status !== 403 && status !== 200) throw new Error(`unexpected ${status}`);
  return status !== 401;
};
const sessionCount = async (userId: string) =>
  Number(
    (
      await ctx.db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('GET /api/admin/users', () => {
  it('searches by email or name, filters by role, verification and state, and pages by keyset', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const made = [];
    for (let i = 0; i < 5; i++) {
      ctx.clock.advance(1000);
      made.push(
        await createUser(ctx, {
          email: `${tag}-${i}@example.test`,
          displayName: `Person ${i}`,
          role: i % 2 ? 'seller' : 'buyer',
          emailVerified: i !== 4,
        }),
      );
    }
    ctx.clock.advance(1000);
    const named = await createUser(ctx, { displayName: `Named ${tag.toUpperCase()} 100%_off`, role: 'both' });

    const page1 = await inject('GET', `/api/admin/users?q=${tag}&limit=2`);
    expect(page1.statusCode).toBe(200);
    expect(page1.json().items.map((u: { id: string }) => u.id)).toEqual([named.id, made[4].id]);
    const page2 = await inject('GET', `/api/admin/users?q=${tag}&limit=2&cursor=${page1.json().nextCursor}`);
    expect(page2.json().items.map((u: { id: string }) => u.id)).toEqual([made[3].id, made[2].id]);
    const page3 = await inject('GET', `/api/admin/users?q=${tag}&limit=2&cursor=${page2.json().nextCursor}`);
    expect(page3.json().items.map((u: { id: string }) => u.id)).toEqual([made[1].id, made[0].id]);
    expect(page3.json().nextCursor).toBeNull();

    // Name search is case-insensitive and treats % and _ literally.
    expect(
      (await inject('GET', `/api/admin/users?q=${encodeURIComponent('100%_OFF')}`))
        .json()
        .items.map((u: { id: string }) => u.id),
    ).toEqual([named.id]);
    expect((await inject('GET', `/api/admin/users?q=${encodeURIComponent('100%x')}`)).json().items).toEqual([]);

    const sellers = (await inject('GET', `/api/admin/users?q=${tag}&role=seller`)).json().items;
    expect(sellers.map((u: { id: string }) => u.id)).toEqual([made[3].id, made[1].id]);
    const unverified = (await inject('GET', `/api/admin/users?q=${tag}&verified=no`)).json().items;
    expect(unverified.map((u: { id: string }) => u.id)).toEqual([made[4].id]);
    expect(unverified[0]).toMatchObject({
      email: `${tag}-4@example.test`,
      role: 'buyer',
      emailVerified: false,
      state: 'active',
    });
  });

  it('filters by state: active, disabled, deleted', async () => {
    const tag = `st${Date.now().toString(36)}`;
    const active = await createUser(ctx, { email: `${tag}-a@example.test` });
    const disabled = await createUser(ctx, { email: `${tag}-d@example.test`, disabled: true });
    const deleted = await createUser(ctx, { email: `${tag}-x@example.test` });
    const restored = await createUser(ctx, { email: `${tag}-r@example.test` });
    expect((await inject('POST', `/api/admin/users/${deleted.id}/delete`, {})).statusCode).toBe(200);
    expect((await inject('POST', `/api/admin/users/${restored.id}/delete`, {})).statusCode).toBe(200);
    expect((await inject('POST', `/api/admin/users/${restored.id}/restore`, {})).statusCode).toBe(200);
    const ids = async (state: string) =>
      (await inject('GET', `/api/admin/users?q=${tag}&state=${state}`)).json().items.map((u: { id: string }) => u.id);
    expect((await ids('active')).sort()).toEqual([active.id, restored.id].sort());
    expect(await ids('disabled')).toEqual([disabled.id]);
    expect(await ids('deleted')).toEqual([deleted.id]);

    // Deleted again after the restore: the one record reopens with the new reason.
    const again = await inject('POST', `/api/admin/users/${restored.id}/delete`, { reason: 'Second offence' });
    expect(again.statusCode).toBe(200);
    expect(again.json().deletion).toMatchObject({ status: 'unresolved', reason: 'Second offence', eraseAt: null });
    expect(await ids('deleted')).toEqual(expect.arrayContaining([deleted.id, restored.id]));
  });

  it('rejects unknown filter values and a malformed cursor with a clear 400', async () => {
    const role = await inject('GET', '/api/admin/users?role=superuser');
    expect(role.statusCode).toBe(400);
    expect(role.json().error.fields.role).toBe('Role must be one of: buyer, seller, both, admin');
    const cursor = await inject('GET', '/api/admin/users?cursor=abc');
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().error.fields.cursor).toBe(ADMIN_MESSAGES.invalidCursor);
  });
});

describe('GET /api/admin/users/:userId', () => {
  it("shows a user's profile, listings, reports about them, sessions and last active", async () => {
    const { user: seller } = await userWithSession(ctx, 'seller', {
      displayName: 'Detail Seller',
      phoneNumber: '+1 555 0199',
    });
    const listing = await insertListing(ctx, seller.id, { title: 'Detail listing' });
    const reporter = await createUser(ctx);
    await ctx.db
      .insertInto('reports')
      .values({
        id: 'rep-detail-1',
        targetType: 'listing',
        targetId: listing.id,
        reporterId: reporter.id,
        reason: 'scam',
        message: '',
        status: 'open',
        note: '',
        createdAt: 1,
        updatedAt: 1,
      })
      .execute();
    await ctx.db
      .insertInto('reports')
      .values({
        id: 'rep-detail-2',
        targetType: 'user',
        targetId: seller.id,
        reporterId: reporter.id,
        reason: 'abuse',
        message: '',
        status: 'open',
        note: '',
        createdAt: 2,
        updatedAt: 2,
      })
      .execute();
    const res = await inject('GET', `/api/admin/users/${seller.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: seller.id,
      displayName: 'Detail Seller',
      phoneNumber: '+1 555 0199',
      role: 'seller',
      state: 'active',
      activeSessions: 1,
      lastActive: seller.lastActive,
      deletion: null,
      listingCount: 1,
    });
    expect(body.listings).toEqual([
      expect.objectContaining({ id: listing.id, title: 'Detail listing', status: 'active' }),
    ]);
    expect(body.reports.map((r: { id: string }) => r.id)).toEqual(['rep-detail-2', 'rep-detail-1']);
    expect(body).not.toHaveProperty('passwordHash');
  });

  it('answers 404 for an unknown user on every user endpoint', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/admin/users/nobody', undefined],
      ['PUT', '/api/admin/users/nobody/role', { role: 'seller' }],
      ['POST', '/api/admin/users/nobody/disable', {}],
      ['POST', '/api/admin/users/nobody/enable', {}],
      ['POST', '/api/admin/users/nobody/delete', {}],
      ['POST', '/api/admin/users/nobody/restore', {}],
    ] as const) {
      const res = await inject(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.message).toBe(ADMIN_MESSAGES.userNotFound);
    }
  });
});

describe('PUT /api/admin/users/:userId/role', () => {
  it('changes the role among the four and records it in the audit log', async () => {
    const { user, session } = await userWithSession(ctx, 'buyer');
    const res = await inject('PUT', `/api/admin/users/${user.id}/role`, { role: 'both' });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('both');
    expect(
      (await ctx.db.selectFrom('users').select('role').where('id', '=', user.id).executeTakeFirstOrThrow()).role,
    ).toBe('both');
    expect(await isSignedIn(session)).toBe(true);
    const [entry] = await auditRows(ctx, user.id);
    expect(entry).toMatchObject({ actorId: admin.id, action: 'user.role', targetType: 'user' });
    expect(JSON.parse(entry.details)).toEqual({ from: 'buyer', to: 'both' });
  });

  it('gives a clear error for a role outside the four and changes nothing', async () => {
    const user = await createUser(ctx, { role: 'seller' });
    for (const role of ['superadmin', '', 42, null]) {
      const res = await inject('PUT', `/api/admin/users/${user.id}/role`, { role });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.role).toBe('Role must be one of: buyer, seller, both, admin');
    }
    const extra = await inject('PUT', `/api/admin/users/${user.id}/role`, { role: 'buyer', admin: true });
    expect(extra.statusCode).toBe(400);
    expect(
      (await ctx.db.selectFrom('users').select('role').where('id', '=', user.id).executeTakeFirstOrThrow()).role,
    ).toBe('seller');
  });
});

describe('POST /api/admin/users/:userId/disable and /enable', () => {
  it("refuses the disabled user's existing session at once and ends all their sessions", async () => {
    const { user, session } = await userWithSession(ctx, 'seller');
    const other = await signInAs(ctx, user.id, true);
    expect(await isSignedIn(session)).toBe(true);

    const res = await inject('POST', `/api/admin/users/${user.id}/disable`, { reason: 'Chargeback fraud' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'disabled', disabled: true, activeSessions: 0 });
    expect(await sessionCount(user.id)).toBe(0);
    expect(await isSignedIn(session)).toBe(false);
    expect(await isSignedIn(other)).toBe(false);
    const write = await ctx.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: session.headers,
      payload: { rating: 5, category: 'general', message: 'Still signed in?' },
    });
    expect(write.statusCode).toBe(201);
    expect(
      (await ctx.db.selectFrom('feedback').select('userId').where('id', '=', write.json().id).executeTakeFirstOrThrow())
        .userId,
    ).toBeNull();
    const [entry] = await auditRows(ctx, user.id);
    expect(entry).toMatchObject({ actorId: admin.id, action: 'user.disable' });
    expect(JSON.parse(entry.details)).toEqual({
      reason: 'Chargeback fraud',
      hiddenListings: 0,
      canceledOrders: 0,
      refundedOrders: 0,
    });

    const again = await inject('POST', `/api/admin/users/${user.id}/disable`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ADMIN_MESSAGES.alreadyDisabled);

    ctx.clock.advance(1000);
    const enabled = await inject('POST', `/api/admin/users/${user.id}/enable`, {});
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().state).toBe('active');
    expect(await isSignedIn(await signInAs(ctx, user.id))).toBe(true);
    expect((await auditRows(ctx, user.id)).map((e) => e.action)).toEqual(['user.disable', 'user.enable']);
    expect((await inject('POST', `/api/admin/users/${user.id}/enable`, {})).json().error.message).toBe(
      ADMIN_MESSAGES.notDisabled,
    );
  });

  it("closes the user's open sockets when the account is disabled or deleted", async () => {
    for (const action of ['disable', 'delete'] as const) {
      const { user, session } = await userWithSession(ctx, 'buyer');
      let hello!: Promise<unknown>;
      const socket = await ctx.app.injectWS(
        '/api/ws',
        { headers: { cookie: session.cookie } },
        {
          onInit: (ws) => (hello = new Promise((resolve) => ws.once('message', resolve))),
        },
      );
      await hello;
      const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
      expect((await inject('POST', `/api/admin/users/${user.id}/${action}`, {})).statusCode).toBe(200);
      expect(await closed).toBe(4001);
    }
  });

  it('does not let an admin disable or delete their own account', async () => {
    const own = await inject('POST', `/api/admin/users/${admin.id}/disable`, {});
    expect(own.statusCode).toBe(409);
    expect(own.json().error.message).toBe(ADMIN_MESSAGES.selfDisable);
    const del = await inject('POST', `/api/admin/users/${admin.id}/delete`, {});
    expect(del.json().error.message).toBe(ADMIN_MESSAGES.selfDelete);
  });
});

describe('POST /api/admin/users/:userId/delete and /restore', () => {
  it('ends sessions, hides listings, writes deleted_users "unresolved", and restore brings back what the deletion hid', async () => {
    const { user: seller, session } = await userWithSession(ctx, 'seller');
    const buyer = await createUser(ctx);
    const active = await insertListing(ctx, seller.id, { status: 'active' });
    const sold = await insertListing(ctx, seller.id, { status: 'sold', soldAt: ctx.clock.now() });
    const moderated = await insertListing(ctx, seller.id, {
      status: 'hidden',
      statusBeforeHidden: 'active',
      hiddenReason: 'Stolen account',
    });
    const conversationId = await insertConversation(ctx, active.id, buyer.id, seller.id);

    const res = await inject('POST', `/api/admin/users/${seller.id}/delete`, { reason: 'Requested by the user' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'deleted',
      deletion: { status: 'unresolved', reason: 'Requested by the user', deletedBy: admin.id },
    });
    expect(
      await ctx.db.selectFrom('deletedUsers').select(['uid', 'status']).where('uid', '=', seller.id).executeTakeFirst(),
    ).toEqual({ uid: seller.id, status: 'unresolved' });
    expect(await sessionCount(seller.id)).toBe(0);
    expect(await isSignedIn(session)).toBe(false);
    // A new session for the deleted account is refused too.
    expect(await isSignedIn(await signInAs(ctx, seller.id))).toBe(false);

    const listing = (id: string) =>
      ctx.db
        .selectFrom('listings')
        .select(['status', 'statusBeforeHidden', 'hiddenReason', 'sellerId'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    expect(await listing(active.id)).toEqual({
      status: 'hidden',
      statusBeforeHidden: 'active',
      hiddenReason: ACCOUNT_DELETED_HIDDEN_REASON,
      sellerId: seller.id,
    });
    expect(await listing(sold.id)).toMatchObject({ status: 'hidden', statusBeforeHidden: 'sold' });
    expect(await listing(moderated.id)).toMatchObject({
      status: 'hidden',
      statusBeforeHidden: 'active',
      hiddenReason: 'Stolen account',
    });
    // Nothing is removed: the user row and the conversation stay, pointing at real rows.
    expect(await ctx.db.selectFrom('users').select('id').where('id', '=', seller.id).executeTakeFirst()).toBeTruthy();
    expect(
      await ctx.db
        .selectFrom('conversations')
        .select(['listingId', 'sellerId'])
        .where('id', '=', conversationId)
        .executeTakeFirst(),
    ).toEqual({ listingId: active.id, sellerId: seller.id });

    const twice = await inject('POST', `/api/admin/users/${seller.id}/delete`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(ADMIN_MESSAGES.alreadyDeleted);
    const role = await inject('PUT', `/api/admin/users/${seller.id}/role`, { role: 'buyer' });
    expect(role.json().error.message).toBe(ADMIN_MESSAGES.deletedAccount);

    ctx.clock.advance(1000);
    const restored = await inject('POST', `/api/admin/users/${seller.id}/restore`, {});
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ state: 'active', deletion: { status: 'resolved' } });
    expect(await isSignedIn(await signInAs(ctx, seller.id))).toBe(true);
    expect(await listing(active.id)).toEqual({
      status: 'active',
      statusBeforeHidden: null,
      hiddenReason: null,
      sellerId: seller.id,
    });
    expect(await listing(sold.id)).toMatchObject({ status: 'sold', hiddenReason: null });
    // What moderation hid stays hidden.
    expect(await listing(moderated.id)).toMatchObject({ status: 'hidden', hiddenReason: 'Stolen account' });

    const actions = (await auditRows(ctx, seller.id)).map((e) => [e.action, JSON.parse(e.details)]);
    expect(actions).toEqual([
      ['user.delete', { reason: 'Requested by the user', hiddenListings: 2, canceledOrders: 0, refundedOrders: 0 }],
      ['user.restore', { reason: '', restoredListings: 2 }],
    ]);
    const notDeleted = await inject('POST', `/api/admin/users/${seller.id}/restore`, {});
    expect(notDeleted.statusCode).toBe(409);
    expect(notDeleted.json().error.message).toBe(ADMIN_MESSAGES.notDeleted);

    // Deleting again after a restore reopens the same record.
    expect((await inject('POST', `/api/admin/users/${seller.id}/delete`, {})).json().deletion.status).toBe(
      'unresolved',
    );
  });

  it('keeps a disabled account disabled after a restore', async () => {
    const user = await createUser(ctx, { disabled: true });
    await inject('POST', `/api/admin/users/${user.id}/delete`, {});
    const res = await inject('POST', `/api/admin/users/${user.id}/restore`, {});
    expect(res.json()).toMatchObject({ state: 'disabled', disabled: true });
  });
});
