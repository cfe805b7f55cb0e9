import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, userWithSession, type TestContext } from '../../test/test-app';
import { arrangeDeal, call, expectLedgerHealthy, insertListing, orderUpTo, type Party } from './orders-test-helpers';

/** What waits for a member's move: the counts in the account menu and the orders list's filter (decision 181). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterEach(() => expectLedgerHealthy(ctx));
afterAll(() => ctx.close());

const MINUTE = 60_000;
const waiting = async (who: Party) => {
  const res = await call(ctx, who, 'GET', '/api/orders/waiting');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const waitingIds = async (who: Party, side: 'purchases' | 'sales') => {
  const res = await call(ctx, who, 'GET', `/api/orders?side=${side}&status=waiting`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.items as { id: string }[]).map((o) => o.id).sort();
};
const waitingOffers = async (who: Party, side: 'made' | 'received') => {
  const res = await call(ctx, who, 'GET', `/api/offers?side=${side}&status=waiting`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.items as { id: string }[]).map((o) => o.id);
};
const buy = async (buyer: Party, listingId: string) => {
  const res = await call(ctx, buyer, 'POST', '/api/orders', { listingId });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
};
const expectOk = async (p: ReturnType<typeof call>) => {
  const res = await p;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const none = { purchases: 0, sales: 0, offersReceived: 0, offersMade: 0 };

describe('what waits for a member', () => {
  it('counts the orders to pay, check and deliver and the offers to answer and buy, each on its side, and lists them', async () => {
    const { seller, buyer, listing } = await arrangeDeal(ctx, { priceCents: 10_000, negotiable: true });
    const [toPay, toDeliver, toCheck] = await Promise.all(
      ['Unpaid', 'Paid', 'Delivered'].map((title) => insertListing(ctx, seller.id, { title })),
    );
    expect(await waiting(buyer)).toEqual(none);
    expect(await waiting(seller)).toEqual(none);

    const unpaid = await buy(buyer, toPay!.id);
    const paid = await buy(buyer, toDeliver!.id);
    await expectOk(call(ctx, buyer, 'POST', `/api/orders/${paid}/pay`));
    const delivered = await buy(buyer, toCheck!.id);
    await expectOk(call(ctx, buyer, 'POST', `/api/orders/${delivered}/pay`));
    await expectOk(
      call(ctx, seller, 'POST', `/api/orders/${delivered}/deliver`, {
        credentials: { login: 'ace', password: 'pw-1' },
      }),
    );
    expect(await waiting(buyer)).toEqual({ ...none, purchases: 2 });
    expect(await waiting(seller)).toEqual({ ...none, sales: 1 });
    expect(await waitingIds(buyer, 'purchases')).toEqual([unpaid, delivered].sort());
    expect(await waitingIds(seller, 'sales')).toEqual([paid]);
    // The other side of the same orders waits for nothing.
    expect(await waitingIds(buyer, 'sales')).toEqual([]);
    expect(await waitingIds(seller, 'purchases')).toEqual([]);

    // An offer waits for the seller; the seller's price in answer waits for the buyer, and so does buying it.
    const made = await call(ctx, buyer, 'POST', `/api/listings/${listing.id}/offers`, { amountCents: 8_000 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(await waiting(seller)).toEqual({ ...none, sales: 1, offersReceived: 1 });
    expect(await waitingOffers(seller, 'received')).toEqual([made.body.id]);
    expect(await waitingOffers(buyer, 'made')).toEqual([]);
    await expectOk(call(ctx, seller, 'POST', `/api/offers/${made.body.id as string}/counter`, { amountCents: 9_000 }));
    expect(await waiting(seller)).toEqual({ ...none, sales: 1 });
    expect(await waiting(buyer)).toEqual({ ...none, purchases: 2, offersMade: 1 });
    expect(await waitingOffers(seller, 'received')).toEqual([]);
    expect(await waitingOffers(buyer, 'made')).toEqual([made.body.id]);
    await expectOk(call(ctx, buyer, 'POST', `/api/offers/${made.body.id as string}/accept-counter`));
    expect(await waiting(buyer)).toEqual({ ...none, purchases: 2, offersMade: 1 });

    // A deadline that passed is no longer the member's to meet, before the sweep has moved the order.
    ctx.clock.advance(20 * MINUTE);
    expect(await waiting(buyer)).toEqual({ ...none, purchases: 1, offersMade: 1 });
    expect(await waitingIds(buyer, 'purchases')).toEqual([delivered]);
    ctx.clock.advance(24 * 60 * MINUTE);
    expect(await waiting(buyer)).toEqual({ ...none, purchases: 1 });
    expect(await waitingOffers(buyer, 'made')).toEqual([]);

    // Nobody else sees any of it.
    const stranger = await userWithSession(ctx, 'both');
    expect(await waiting({ id: stranger.user.id, session: stranger.session })).toEqual(none);
  });

  it("a dispute waits for its seller's answer until they give it, or their time for it is up", async () => {
    const first = await arrangeDeal(ctx);
    const answered = await orderUpTo(ctx, first, 'delivered');
    const dispute = (id: string) =>
      expectOk(
        call(ctx, first.buyer, 'POST', `/api/orders/${id}/dispute`, { reason: 'The password was changed back.' }),
      );
    await dispute(answered);
    const second = await insertListing(ctx, first.seller.id, { title: 'Second' });
    const unanswered = await buy(first.buyer, second.id);
    await expectOk(call(ctx, first.buyer, 'POST', `/api/orders/${unanswered}/pay`));
    await expectOk(
      call(ctx, first.seller, 'POST', `/api/orders/${unanswered}/deliver`, {
        credentials: { login: 'x', password: 'y' },
      }),
    );
    await dispute(unanswered);
    expect(await waiting(first.seller)).toEqual({ ...none, sales: 2 });
    expect(await waiting(first.buyer)).toEqual(none);
    const listed = await call(ctx, first.seller, 'GET', '/api/orders?side=sales&status=waiting');
    expect(listed.body.items).toHaveLength(2);
    expect(listed.body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: unanswered, yourTurn: true, answerDueAt: ctx.clock.now() + 24 * 60 * MINUTE }),
        expect.objectContaining({ id: answered, yourTurn: true }),
      ]),
    );

    const statement = await call(ctx, first.seller, 'POST', `/api/orders/${answered}/dispute/statements`, {
      body: 'I did not touch it.',
    });
    expect(statement.status).toBe(201);
    expect(await waitingIds(first.seller, 'sales')).toEqual([unanswered]);
    ctx.clock.advance(24 * 60 * MINUTE);
    expect(await waiting(first.seller)).toEqual(none);
    // In the list, a dispute that waits for no one is support's.
    const all = await call(ctx, first.seller, 'GET', '/api/orders?side=sales');
    expect((all.body.items as Array<{ yourTurn: boolean }>).map((o) => o.yourTurn)).toEqual([false, false]);
  });

  it('answers the signed-in only', async () => {
    const res = await call(ctx, null, 'GET', '/api/orders/waiting');
    expect(res.status).toBe(401);
    expect(res.body).not.toHaveProperty('purchases');
  });
});
