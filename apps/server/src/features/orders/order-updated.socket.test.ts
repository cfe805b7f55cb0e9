import { describe, expect, it, vi } from 'vitest';
import { ORDER_EVENTS } from '@accountry/shared/order-events';
import { deliveryDeadlineMs } from '@accountry/shared/order-state';
import { type TestContext } from '../../test/test-app';
import { arrangeDeal, call, orderUpTo, partyWithSession, sweep, type Party } from './orders-test-helpers';
import { useSocketTestApp } from '../../test/socket-test-app';

/**
 * Decision 211: every committed move of an order reaches its open pages as one order update, whoever made it (a party,
 * an admin, the clock): the buyer, the seller and admins hear of it, so an admin's page follows without the parties'
 * chat; nobody else does.
 */
let ctx: TestContext;
const opened = useSocketTestApp((c) => {
  ctx = c;
});

const socketOf = (who: Party) => opened.inject(ctx.app, who.session.cookie);

/** Published to the same process at the same time: a stranger's socket would have it by now. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('an order’s moves over the socket', () => {
  it('a party’s move tells the parties and admins once, not a stranger', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'paid');
    const admin = await partyWithSession(ctx, 'admin');
    const stranger = await partyWithSession(ctx, 'buyer');
    const [buyerSocket, sellerSocket, adminSocket, strangerSocket] = await Promise.all(
      [deal.buyer, deal.seller, admin, stranger].map(socketOf),
    );
    const delivered = await call(ctx, deal.seller, 'POST', `/api/orders/${id}/deliver`, {
      credentials: { login: 'valorant_king', password: 'S3cret-pass!' },
    });
    expect(delivered.status).toBe(200);
    for (const s of [buyerSocket, sellerSocket, adminSocket])
      await vi.waitFor(() => expect(s.all(ORDER_EVENTS.updated)).toEqual([{ orderId: id }]));
    await settle();
    expect(adminSocket.all(ORDER_EVENTS.updated)).toEqual([{ orderId: id }]);
    expect(strangerSocket.all(ORDER_EVENTS.updated)).toEqual([]);
  });

  it('the sweep’s move tells the parties and admins, not a stranger', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'paid');
    const admin = await partyWithSession(ctx, 'admin');
    const stranger = await partyWithSession(ctx, 'buyer');
    ctx.clock.advance(deliveryDeadlineMs('instant') + 1);
    const [buyerSocket, sellerSocket, adminSocket, strangerSocket] = await Promise.all(
      [deal.buyer, deal.seller, admin, stranger].map(socketOf),
    );
    expect((await sweep(ctx)).moved).toBe(1);
    for (const s of [buyerSocket, sellerSocket, adminSocket])
      await vi.waitFor(() => expect(s.all(ORDER_EVENTS.updated)).toEqual([{ orderId: id }]));
    await settle();
    expect(strangerSocket.all(ORDER_EVENTS.updated)).toEqual([]);
    expect(strangerSocket.closed).toBeNull();
  });
});
