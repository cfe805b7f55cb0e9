import { describe, expect, it, vi } from 'vitest';
import { ORDER_EVENTS } from '@accountry/shared/order-events';
import { type TestContext } from '../../test/test-app';
import { arrangeDeal, call, orderUpTo, partyWithSession, type Party } from './orders-test-helpers';
import { useSocketTestApp } from '../../test/socket-test-app';

/**
 * Decision 211: a dispute statement reaches the open order pages at once, as the order's moves do: the order's buyer,
 * seller and admins hear the order changed; nobody else does, and the event says no more than which order.
 */
let ctx: TestContext;
const opened = useSocketTestApp((c) => {
  ctx = c;
});

const socketOf = (who: Party) => opened.inject(ctx.app, who.session.cookie);

async function disputed() {
  const deal = await arrangeDeal(ctx);
  const id = await orderUpTo(ctx, deal, 'delivered');
  expect((await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute`, { reason: 'Banned at once.' })).status).toBe(
    200,
  );
  return { ...deal, id };
}

describe('a dispute statement over the socket', () => {
  it('tells the order’s parties and admins, not a stranger', async () => {
    const { buyer, seller, id } = await disputed();
    const admin = await partyWithSession(ctx, 'admin');
    const stranger = await partyWithSession(ctx, 'buyer');
    // `call` signs each party in afresh: the sockets open with the sessions the statements are posted with.
    const statement = (who: Party, body: string) =>
      call(ctx, who, 'POST', `/api/orders/${id}/dispute/statements`, { body });
    expect((await statement(seller, 'The account was fine when I handed it over.')).status).toBe(201);
    const [buyerSocket, sellerSocket, adminSocket, strangerSocket] = await Promise.all(
      [buyer, seller, admin, stranger].map(socketOf),
    );

    expect((await statement(seller, 'Here is the login history as well.')).status).toBe(201);
    for (const s of [buyerSocket, sellerSocket, adminSocket])
      expect(await s.next(ORDER_EVENTS.updated)).toEqual({ orderId: id });

    expect((await statement(admin, 'Please both send what you have.')).status).toBe(201);
    // An admin's statement too: both parties hear of it.
    for (const s of [buyerSocket, sellerSocket])
      await vi.waitFor(() => expect(s.all(ORDER_EVENTS.updated)).toEqual([{ orderId: id }, { orderId: id }]));
    // Published to the same process at the same time: a stranger's socket would have it by now.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(strangerSocket.all(ORDER_EVENTS.updated)).toEqual([]);
    expect(strangerSocket.closed).toBeNull();
  });
});
