import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_WAITING_CHANGED } from '@accountry/shared/admin-waiting';
import { createPeerApp, createTestApp, userWithSession, type TestContext } from '../../test/test-app';
import { insertTestListing } from '../../test/listing-fixtures';
import { insertOrderRow } from '../../test/order-fixtures';
import { newId } from '../../lib/ids';
import { injectSocket, type TestSocket } from '../../test/test-socket';
import { insertReport } from './admin-test-fixtures';
import { ADMIN_WAITING_PUSH_GAP_MS } from './admin-waiting.socket';

/**
 * Admins' tabs hear that what waits for them may have changed (decision 189). The sockets are held by a second server
 * process on the same database while the first one writes, so the event has to cross the bus to reach them.
 */
let ctx: TestContext;
let peer: Awaited<ReturnType<typeof createPeerApp>>;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  ctx = await createTestApp();
  peer = await createPeerApp(ctx);
});
afterAll(async () => {
  for (const s of sockets) await s.close();
  await peer.close();
  await ctx.close();
});

async function openOnPeer(cookie: string) {
  const socket = await injectSocket(peer.app, cookie);
  sockets.push(socket);
  await socket.next('hello');
  return socket;
}

/** Every frame the process sent this socket before now has arrived once a later marker has. */
async function settled(socket: TestSocket, userId: string) {
  const marker = `${Date.now()}-${Math.random()}`;
  await peer.app.deps.hub.publish({ userIds: [userId] }, 'test.marker', { marker });
  await socket.next('test.marker', (d: { marker: string }) => d.marker === marker);
}

const pushes = (socket: TestSocket) => socket.all(ADMIN_WAITING_CHANGED).length;
const gapEnds = () => new Promise((resolve) => setTimeout(resolve, ADMIN_WAITING_PUSH_GAP_MS + 100));

async function reportAListing(reporter: Awaited<ReturnType<typeof userWithSession>>) {
  const seller = await userWithSession(ctx, 'seller');
  const listing = await insertTestListing(ctx, seller.user.id);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/listings/${listing.id}/report`,
    headers: reporter.session.headers,
    payload: { reason: 'misleading', message: 'The rank shown is not the real one.' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

describe('the admin.waiting push', () => {
  it("reaches every admin's socket on another process when a report is filed or taken up, no member's", async () => {
    const admin = await userWithSession(ctx, 'admin');
    const member = await userWithSession(ctx, 'both');
    const adminSocket = await openOnPeer(admin.session.cookie);
    const memberSocket = await openOnPeer(member.session.cookie);

    const reportId = await reportAListing(member);
    expect(await adminSocket.next(ADMIN_WAITING_CHANGED)).toEqual({});
    await settled(memberSocket, member.user.id);
    expect(pushes(memberSocket)).toBe(0);

    // Taken up: the count falls, and the admins hear of it (after the gap that follows the last push).
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/reports/${reportId}`,
      headers: admin.session.headers,
      payload: { status: 'in_progress' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => pushes(adminSocket), { timeout: 5000 }).toBe(2);
    await settled(memberSocket, member.user.id);
    expect(pushes(memberSocket)).toBe(0);
  });

  it('stops reaching an admin who was made a member', async () => {
    const admin = await userWithSession(ctx, 'admin');
    const demoted = await userWithSession(ctx, 'admin');
    const adminSocket = await openOnPeer(admin.session.cookie);
    const before = await openOnPeer(demoted.session.cookie);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${demoted.user.id}/role`,
      headers: admin.session.headers,
      payload: { role: 'seller' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await before.whenClosed()).code).toBe(4001);
    // The tab connects again, now as the member it is.
    const after = await openOnPeer(demoted.session.cookie);

    await reportAListing(await userWithSession(ctx, 'buyer'));
    await adminSocket.next(ADMIN_WAITING_CHANGED);
    await settled(after, demoted.user.id);
    expect(pushes(after)).toBe(0);
  });

  it('coalesces a burst of reports into one push at once and one when the gap ends', async () => {
    await gapEnds();
    const admin = await userWithSession(ctx, 'admin');
    const socket = await openOnPeer(admin.session.cookie);
    const reporter = await userWithSession(ctx, 'buyer');
    const seller = await userWithSession(ctx, 'seller');
    for (let i = 0; i < 20; i++) {
      const listing = await insertTestListing(ctx, seller.user.id);
      await insertReport(ctx, { targetType: 'listing', targetId: listing.id, reporterId: reporter.user.id });
    }
    await socket.next(ADMIN_WAITING_CHANGED);
    await gapEnds();
    await settled(socket, admin.user.id);
    expect(pushes(socket)).toBe(2);
  });

  it("is sent when an admin recovers a lost chargeback's money, a write of that column alone", async () => {
    const admin = await userWithSession(ctx, 'admin');
    const buyer = await userWithSession(ctx, 'buyer');
    const seller = await userWithSession(ctx, 'seller');
    const listing = await insertTestListing(ctx, seller.user.id);
    const order = await insertOrderRow(ctx, {
      listingId: listing.id,
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
    });
    const id = newId();
    await ctx.db
      .insertInto('chargebacks')
      .values({
        id,
        orderId: order.id,
        amountCents: order.priceCents,
        reason: 'fraudulent',
        status: 'lost',
        orderStatusAtOpen: 'completed',
        openedAt: ctx.clock.now(),
        closedAt: ctx.clock.now(),
        checkedAt: null,
        feeCents: 0,
        feeReturnedCents: 0,
        withdrawnCents: order.priceCents,
        reinstatedCents: 0,
        recoveredCents: 0,
      })
      .execute();
    await gapEnds();
    const socket = await openOnPeer(admin.session.cookie);
    // Written as the recovery writes it (decision 183): the chargeback leaves the count of those to recover.
    await ctx.db.updateTable('chargebacks').set({ recoveredCents: order.priceCents }).where('id', '=', id).execute();
    await socket.next(ADMIN_WAITING_CHANGED);
    await settled(socket, admin.user.id);
    expect(pushes(socket)).toBe(1);
  });

  it('is sent when Stripe refuses a card refund for good, a write of its status alone', async () => {
    const admin = await userWithSession(ctx, 'admin');
    const buyer = await userWithSession(ctx, 'buyer');
    const seller = await userWithSession(ctx, 'seller');
    const listing = await insertTestListing(ctx, seller.user.id);
    const order = await insertOrderRow(ctx, {
      listingId: listing.id,
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
    });
    const key = `${order.id}:refund:${order.priceCents}`;
    await ctx.db
      .insertInto('stripeRefunds')
      .values({
        idempotencyKey: key,
        orderId: order.id,
        sessionId: `cs_${order.id}`,
        amountCents: order.priceCents,
        status: 'pending',
        stripeRefundId: null,
        attempts: 0,
        lastError: null,
        createdAt: ctx.clock.now(),
        sentAt: null,
        nextAttemptAt: ctx.clock.now(),
        adminRetries: 0,
        settledAt: null,
        settledBy: null,
        settledReference: null,
        coveredByChargebackCents: 0,
      })
      .execute();
    await gapEnds();
    const socket = await openOnPeer(admin.session.cookie);
    // Written as the provider writes it (decision 095): the refund now waits for an admin.
    await ctx.db.updateTable('stripeRefunds').set({ status: 'refused' }).where('idempotencyKey', '=', key).execute();
    await socket.next(ADMIN_WAITING_CHANGED);
    await settled(socket, admin.user.id);
    expect(pushes(socket)).toBe(1);
  });

  it("is sent when a hidden listing's seller asks for another look, a write of the request's columns alone", async () => {
    const admin = await userWithSession(ctx, 'admin');
    const seller = await userWithSession(ctx, 'seller');
    const listing = await insertTestListing(ctx, seller.user.id, { status: 'hidden', hiddenReason: 'Blurry shots' });
    await gapEnds();
    const socket = await openOnPeer(admin.session.cookie);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/review-request`,
      headers: seller.session.headers,
      payload: { contentVersion: 0 },
    });
    expect(res.statusCode, res.body).toBe(200);
    await socket.next(ADMIN_WAITING_CHANGED);
    await settled(socket, admin.user.id);
    expect(pushes(socket)).toBe(1);
  });

  it('is not sent for writes that change no count', async () => {
    await gapEnds();
    const admin = await userWithSession(ctx, 'admin');
    const socket = await openOnPeer(admin.session.cookie);
    const reporter = await userWithSession(ctx, 'buyer');
    const seller = await userWithSession(ctx, 'seller');
    const listing = await insertTestListing(ctx, seller.user.id);
    const report = await insertReport(ctx, {
      targetType: 'listing',
      targetId: listing.id,
      reporterId: reporter.user.id,
    });
    await socket.next(ADMIN_WAITING_CHANGED);
    await gapEnds();
    // An admin's note on a report, a new listing, its edit: no count moves.
    await ctx.db.updateTable('reports').set({ note: 'Looked at it.' }).where('id', '=', report.id).execute();
    const fresh = await insertTestListing(ctx, seller.user.id);
    await ctx.db.updateTable('listings').set({ title: 'Retitled' }).where('id', '=', fresh.id).execute();
    await gapEnds();
    await settled(socket, admin.user.id);
    expect(pushes(socket)).toBe(1);
  });
});
