import { describe, expect, it } from 'vitest';
import { REVEALS_SHOWN } from '@accountry/shared/orders';
import { newId } from '../../lib/ids';
import type { TestContext } from '../../test/test-app';
import { arrangeDeal, call, orderUpTo, partyWithSession, useOrdersTestApp, type Party } from './orders-test-helpers';

/**
 * Every reveal of the credentials is recorded and shown on the order page (to the seller, when the buyer looked; to
 * admins). A buyer revealing in a loop must neither grow that record without end nor make the page everyone loads
 * carry every reveal: the route is limited per member, and the page lists the latest reveals with a count of the rest.
 */
let ctx: TestContext;
let admin: Party;
useOrdersTestApp((c, a) => {
  ctx = c;
  admin = a;
});

const TOO_MANY = 'Too many requests. Please try again later.';

describe('a buyer revealing the credentials over and over', () => {
  it('is refused past 30 reveals in 10 minutes (429), and the refused ones are not recorded', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'delivered');
    const reveal = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/orders/${id}/credentials/reveal`,
        headers: deal.buyer.session.headers,
        payload: {},
      });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await reveal()).statusCode);
    expect(statuses).toEqual([...Array(30).fill(200), 429]);
    const refused = await reveal();
    expect([refused.statusCode, refused.json().error.message]).toEqual([429, TOO_MANY]);
    const recorded = await ctx.db.selectFrom('credentialReveals').select('id').where('orderId', '=', id).execute();
    expect(recorded).toHaveLength(30);
    // Ten minutes on, the buyer may look again.
    ctx.clock.advance(10 * 60_000 + 1);
    expect((await reveal()).statusCode).toBe(200);
  });

  it('the order page lists the latest reveals, oldest of them first, and says how many came before', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'delivered');
    const start = ctx.clock.now();
    // Weeks of looking under the limit: 500 reveals, one a minute.
    await ctx.db
      .insertInto('credentialReveals')
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          id: newId(),
          orderId: id,
          userId: deal.buyer.id,
          by: 'buyer' as const,
          createdAt: start + i * 60_000,
        })),
      )
      .execute();
    const latest = Array.from({ length: REVEALS_SHOWN }, (_, i) => ({
      by: 'buyer',
      at: start + (500 - REVEALS_SHOWN + i) * 60_000,
    }));
    for (const who of [deal.seller, admin]) {
      const page = await call(ctx, who, 'GET', `/api/orders/${id}`);
      expect(page.status).toBe(200);
      const credentials = page.body.credentials as { reveals: unknown[]; earlierReveals: number };
      expect({ reveals: credentials.reveals, earlier: credentials.earlierReveals }).toEqual({
        reveals: latest,
        earlier: 500 - REVEALS_SHOWN,
      });
    }
  });

  it('lists every reveal, and none before, while there are few', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'delivered');
    expect((await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/credentials/reveal`)).status).toBe(200);
    const page = await call(ctx, deal.seller, 'GET', `/api/orders/${id}`);
    expect(page.body.credentials).toMatchObject({ reveals: [{ by: 'buyer', at: ctx.clock.now() }], earlierReveals: 0 });
  });
});

describe('an admin revealing credentials over and over', () => {
  const WINDOW = 10 * 60_000;
  /** A delivered order its buyer disputed: the only kind an admin may reveal the credentials of. */
  async function disputedOrder() {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'delivered');
    const res = await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute`, { reason: 'It does not work.' });
    expect(res.status).toBe(200);
    return id;
  }
  const adminReveal = (who: Party, id: string) => call(ctx, who, 'POST', `/api/admin/orders/${id}/credentials/reveal`);
  const auditedReveals = async (actorId: string) =>
    (
      await ctx.db
        .selectFrom('auditLog')
        .select('id')
        .where('actorId', '=', actorId)
        .where('action', '=', 'order.credentials_reveal')
        .execute()
    ).length;

  it('is refused past 30 reveals in 10 minutes on any orders (429, saying when), none refused recorded', async () => {
    const orders = [await disputedOrder(), await disputedOrder()];
    // Limits count in windows of the clock (10 minutes each): starting at one's beginning, the wait is all of it.
    ctx.clock.advance(WINDOW - (ctx.clock.now() % WINDOW));
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await adminReveal(admin, orders[i % 2])).status);
    expect(statuses).toEqual([...Array(30).fill(200), 429]);
    const refused = await adminReveal(admin, orders[0]);
    expect([refused.status, refused.body.error?.message]).toEqual([
      429,
      'An admin can reveal order credentials 30 times in 10 minutes. Try again in 10 minutes.',
    ]);
    expect(await auditedReveals(admin.id)).toBe(30);
    const recorded = await ctx.db
      .selectFrom('credentialReveals')
      .select('id')
      .where('userId', '=', admin.id)
      .where('orderId', 'in', orders)
      .execute();
    expect(recorded).toHaveLength(30);
    // Counted per admin: another admin looks at the same order meanwhile.
    const other = await partyWithSession(ctx, 'admin');
    expect((await adminReveal(other, orders[0])).status).toBe(200);
    // Ten minutes on, the first admin may look again.
    ctx.clock.advance(WINDOW);
    expect((await adminReveal(admin, orders[1])).status).toBe(200);
  });
});
