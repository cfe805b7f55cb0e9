import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPeerApp, createTestApp, testEngine, userWithSession, type TestContext } from '../../test/test-app';
import { clientId, openConversation } from '../../test/chat-api';
import { insertListing } from './chat-test-helpers';

/** Two server processes on one PostgreSQL database: a user's send allowance is one, wherever the sends land. */
let ctx: TestContext;
let peer: Awaited<ReturnType<typeof createPeerApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
  peer = await createPeerApp(ctx);
});
afterAll(async () => {
  await peer.close();
  await ctx.close();
});

/** A new buyer's conversation with a new seller, and a way to send in it through either process. */
async function buyerSending() {
  const seller = await userWithSession(ctx, 'seller');
  const buyer = await userWithSession(ctx, 'buyer');
  const listing = await insertListing(ctx, seller.user.id);
  const conversationId = await openConversation(ctx.app, buyer.session.headers, listing.id);
  const url = `/api/chat/conversations/${conversationId}/messages`;
  return (app: FastifyInstance, body: string) =>
    app.inject({ method: 'POST', url, payload: { clientId: clientId(), body }, headers: buyer.session.headers });
}

it.runIf(testEngine === 'postgres')('the chat send limit does not double with two processes', async () => {
  const send = await buyerSending();
  const codes: number[] = [];
  for (let i = 0; i < 11; i++) codes.push((await send(i % 2 ? peer.app : ctx.app, `m${i}`)).statusCode);
  expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
  const limited = await send(peer.app, 'one too many');
  expect(codes[10]).toBe(429);
  expect(limited.json().error.message).toBe("You're sending messages too fast. Please wait a moment and try again.");
  ctx.clock.advance(2_000);
  expect((await send(peer.app, 'after a pause')).statusCode).toBe(201);
});

it.runIf(testEngine === 'postgres')(
  'costs no write of its own: the limit is counted over the stored messages, in the statement that stores one',
  async () => {
    const send = await buyerSending();
    for (const body of ['one', 'two', 'three']) expect((await send(ctx.app, body)).statusCode).toBe(201);
    const counters = await ctx.deps.db.db
      .selectFrom('rateLimits')
      .select('key')
      .where('key', 'like', 'chat-send%')
      .execute();
    expect(counters).toEqual([]);
  },
);
