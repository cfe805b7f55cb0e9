import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { platformFeeCents } from '@accountry/shared/order-state';
import { ESCROW, availableAccount } from '../../lib/ledger';
import { createTestApp, userWithSession, type Session, type TestContext } from '../../test/test-app';
import {
  arrangeDeal,
  balance,
  call,
  expectLedgerHealthy,
  orderUpTo,
  sweep,
  partyWithSession,
} from './orders-test-helpers';
import {
  adminAction,
  anotherDeal,
  lastMove,
  ledgerOf,
  listingRow,
  orderRow,
  sellerWithOpenOrders,
} from './account-closure-test-helpers';

let ctx: TestContext;
let admin: { id: string; session: Session };
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await partyWithSession(ctx, 'admin');
});
afterEach(() => expectLedgerHealthy(ctx));
afterAll(() => ctx.close());

const D = 24 * 3_600_000;
const DISABLED_HIDDEN = "Hidden because the seller's account is disabled.";
const DELETED_HIDDEN = "Hidden because the seller's account was deleted.";
const auditDetails = async (action: string, userId: string) => {
  const row = await ctx.db
    .selectFrom('auditLog')
    .select('details')
    .where('action', '=', action)
    .where('targetId', '=', userId)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.details) as Record<string, unknown>;
};

describe("an admin closing a seller's account", () => {
  it('disabling cancels their unpaid and paid orders at once and refunds the paid one in full', async () => {
    const escrowBefore = await balance(ctx, ESCROW);
    const { seller, unpaidDeal, paidDeal, unpaid, paid } = await sellerWithOpenOrders(ctx);
    expect(await balance(ctx, availableAccount(paidDeal.buyer.id))).toBe(50_000 - 12_500);

    const detail = await adminAction(ctx, admin.session, seller.id, 'disable');
    expect(detail.openOrders).toEqual({ canceled: 0, refunded: 0, refundCents: 0, continuing: 0 });
    expect((await orderRow(ctx, unpaid)).status).toBe('canceled');
    expect(await orderRow(ctx, paid)).toMatchObject({ status: 'canceled', dueAt: null });
    // Escrow no longer holds anything for these orders; the buyer who paid has every cent back.
    expect(await balance(ctx, ESCROW)).toBe(escrowBefore);
    expect(await balance(ctx, availableAccount(paidDeal.buyer.id))).toBe(50_000);
    expect(await balance(ctx, availableAccount(unpaidDeal.buyer.id))).toBe(50_000);
    expect(await ledgerOf(ctx, paid)).toEqual([
      ['order_payment', paidDeal.buyer.id],
      ['order_refund', admin.id],
    ]);
    expect(await ledgerOf(ctx, unpaid)).toEqual([]);
    expect(await lastMove(ctx, paid)).toEqual({
      fromStatus: 'paid',
      toStatus: 'canceled',
      actorKind: 'admin',
      actorId: admin.id,
      reason: "The seller's account was disabled by an admin.",
    });
    // Not for sale while the seller is gone: hidden, and for sale again only if the account is enabled.
    for (const listing of [unpaidDeal.listing, paidDeal.listing])
      expect(await listingRow(ctx, listing.id)).toEqual({
        status: 'hidden',
        statusBeforeHidden: 'active',
        hiddenReason: DISABLED_HIDDEN,
      });
    expect(await auditDetails('user.disable', seller.id)).toMatchObject({ canceledOrders: 2, refundedOrders: 1 });

    // Enabling the account again reopens no order; the listings are for sale again.
    await adminAction(ctx, admin.session, seller.id, 'enable', 'Cleared after review');
    for (const id of [unpaid, paid]) expect((await orderRow(ctx, id)).status).toBe('canceled');
    expect((await listingRow(ctx, paidDeal.listing.id)).status).toBe('active');
    expect(await balance(ctx, availableAccount(paidDeal.buyer.id))).toBe(50_000);
  });

  it('deleting does the same, and restoring the account reopens nothing', async () => {
    const escrowBefore = await balance(ctx, ESCROW);
    const { seller, unpaidDeal, paidDeal, unpaid, paid } = await sellerWithOpenOrders(ctx);

    await adminAction(ctx, admin.session, seller.id, 'delete');
    for (const id of [unpaid, paid]) expect((await orderRow(ctx, id)).status).toBe('canceled');
    expect(await balance(ctx, ESCROW)).toBe(escrowBefore);
    expect(await balance(ctx, availableAccount(paidDeal.buyer.id))).toBe(50_000);
    expect((await lastMove(ctx, unpaid)).reason).toBe("The seller's account was deleted by an admin.");
    expect(await listingRow(ctx, unpaidDeal.listing.id)).toEqual({
      status: 'hidden',
      statusBeforeHidden: 'active',
      hiddenReason: DELETED_HIDDEN,
    });
    expect(await auditDetails('user.delete', seller.id)).toMatchObject({ canceledOrders: 2, refundedOrders: 1 });

    await adminAction(ctx, admin.session, seller.id, 'restore', 'Identity confirmed');
    for (const id of [unpaid, paid]) expect((await orderRow(ctx, id)).status).toBe('canceled');
    expect(await ledgerOf(ctx, paid)).toHaveLength(2);
  });

  it('leaves delivered, protected and disputed orders to their clocks; the buyer keeps every right', async () => {
    const deal = await arrangeDeal(ctx, { protectionDays: 5 });
    const protectedDeal = await anotherDeal(ctx, deal, { protectionDays: 5 });
    const delivered = await orderUpTo(ctx, deal, 'delivered');
    const inProtection = await orderUpTo(ctx, protectedDeal, 'protection');
    const before = [await orderRow(ctx, delivered), await orderRow(ctx, inProtection)];
    const sellerBefore = await balance(ctx, availableAccount(deal.seller.id));

    const detail = await call(ctx, admin, 'GET', `/api/admin/users/${deal.seller.id}`);
    expect(detail.body.openOrders).toEqual({ canceled: 0, refunded: 0, refundCents: 0, continuing: 2 });
    await adminAction(ctx, admin.session, deal.seller.id, 'disable');
    expect([await orderRow(ctx, delivered), await orderRow(ctx, inProtection)]).toEqual(before);

    // The buyer still inspects and disputes; an admin will decide.
    const disputed = await call(ctx, deal.buyer, 'POST', `/api/orders/${delivered}/dispute`, {
      reason: 'The original owner took the account back.',
    });
    expect(disputed.status).toBe(200);
    expect(disputed.body).toMatchObject({ status: 'disputed' });
    // Protection ends on its clock and pays the disabled seller's wallet, where it waits (no sign-in, no payout).
    ctx.clock.advance(5 * D + 1);
    await sweep(ctx);
    expect((await orderRow(ctx, inProtection)).status).toBe('completed');
    const fee = platformFeeCents(10_000, ctx.deps.config.orders.platformFeePercent);
    expect(await balance(ctx, availableAccount(deal.seller.id))).toBe(sellerBefore + 10_000 - fee);
    expect((await orderRow(ctx, delivered)).status).toBe('disputed');
  });

  it("the user's admin page counts what closing the account would cancel and refund", async () => {
    const { seller, unpaidDeal } = await sellerWithOpenOrders(ctx);
    const third = await anotherDeal(ctx, unpaidDeal);
    await orderUpTo(ctx, third, 'delivered');
    const detail = await call(ctx, admin, 'GET', `/api/admin/users/${seller.id}`);
    expect(detail.body.openOrders).toEqual({ canceled: 2, refunded: 1, refundCents: 12_500, continuing: 1 });
    // The buyer of the unpaid order: it is canceled with them; the seller's others are not theirs.
    const buyer = await call(ctx, admin, 'GET', `/api/admin/users/${unpaidDeal.buyer.id}`);
    expect(buyer.body.openOrders).toEqual({ canceled: 1, refunded: 0, refundCents: 0, continuing: 0 });
  });
});

describe("an admin closing a buyer's account", () => {
  it('cancels their unpaid orders so the listings are for sale again, and paid ones go on', async () => {
    const unpaidDeal = await arrangeDeal(ctx);
    const paidDeal = await arrangeDeal(ctx);
    paidDeal.buyer = unpaidDeal.buyer;
    const unpaid = await orderUpTo(ctx, unpaidDeal, 'pending_payment');
    const paid = await orderUpTo(ctx, paidDeal, 'paid');
    expect((await listingRow(ctx, unpaidDeal.listing.id)).status).toBe('reserved');
    const funds = await balance(ctx, availableAccount(unpaidDeal.buyer.id));

    const detail = await adminAction(ctx, admin.session, unpaidDeal.buyer.id, 'disable');
    expect(detail.openOrders).toEqual({ canceled: 0, refunded: 0, refundCents: 0, continuing: 1 });
    expect((await orderRow(ctx, unpaid)).status).toBe('canceled');
    expect(await lastMove(ctx, unpaid)).toMatchObject({
      fromStatus: 'pending_payment',
      toStatus: 'canceled',
      actorKind: 'admin',
      reason: "The buyer's account was disabled by an admin.",
    });
    expect(await listingRow(ctx, unpaidDeal.listing.id)).toEqual({
      status: 'active',
      statusBeforeHidden: null,
      hiddenReason: null,
    });
    expect(await balance(ctx, availableAccount(unpaidDeal.buyer.id))).toBe(funds);
    // Someone else can buy the listing now; the seller still delivers the order that was paid.
    const next = await userWithSession(ctx, 'buyer');
    const bought = await call(ctx, { id: next.user.id, session: next.session }, 'POST', '/api/orders', {
      listingId: unpaidDeal.listing.id,
    });
    expect(bought.status).toBe(201);
    expect((await orderRow(ctx, paid)).status).toBe('paid');
    const delivered = await call(ctx, paidDeal.seller, 'POST', `/api/orders/${paid}/deliver`, {
      credentials: { login: 'league_champ', password: 'Pa55word!' },
    });
    expect(delivered.status).toBe(200);
  });
});
