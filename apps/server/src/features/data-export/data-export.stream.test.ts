import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryId } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createTestApp, userWithSession, type TestContext } from '../../test/test-app';
import { insertConversation } from '../../test/listing-fixtures';
import { insertListing } from '../../test/deal-fixtures';
import { orderRowOf } from '../../test/order-fixtures';
import { newId } from '../../lib/ids';

/** Makes the next read of `table` fail, as a database error part way through the export would. */
class FailOn implements KyselyPlugin {
  table: string | null = null;
  transformQuery({ node }: PluginTransformQueryArgs) {
    if (this.table && node.kind === 'SelectQueryNode' && JSON.stringify(node).includes(`"${this.table}"`)) {
      this.table = null;
      throw new Error('connection lost');
    }
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs) {
    return result;
  }
}

/** The most rows one read of a table brought back while `watching` names it. */
class LargestRead implements KyselyPlugin {
  watching: string | null = null;
  largest = 0;
  private readonly reads = new WeakSet<QueryId>();
  transformQuery({ node, queryId }: PluginTransformQueryArgs) {
    if (this.watching && node.kind === 'SelectQueryNode' && JSON.stringify(node).includes(`"${this.watching}"`))
      this.reads.add(queryId);
    return node;
  }
  async transformResult({ result, queryId }: PluginTransformResultArgs) {
    if (this.reads.has(queryId)) this.largest = Math.max(this.largest, result.rows.length);
    return result;
  }
}

/** A data export on its way (decision 179): held open, ended by the owner, or failing part way. */
const fail = new FailOn();
const reads = new LargestRead();
let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestApp({}, { wrapDb: (db) => db.withPlugin(fail).withPlugin(reads) });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx.close());

async function chatWith(count: number, text: (i: number) => string) {
  const seller = await userWithSession(ctx, 'seller');
  const member = await userWithSession(ctx, 'buyer');
  const listing = await insertListing(ctx, seller.user.id);
  const chat = await insertConversation(ctx, listing.id, member.user.id, seller.user.id);
  const at = ctx.clock.now() - count;
  for (let i = 0; i < count; i += 200)
    await ctx.db
      .insertInto('messages')
      .values(
        Array.from({ length: Math.min(200, count - i) }, (_, k) => ({
          id: newId(),
          conversationId: chat,
          seq: i + k + 1,
          kind: 'user' as const,
          senderId: seller.user.id,
          clientId: newId(),
          body: text(i + k),
          attachmentId: null,
          attachmentWidth: null,
          attachmentHeight: null,
          createdAt: at + i + k,
        })),
      )
      .execute();
  // The conversation's counter, as sending keeps it: one nobody wrote in is left out of the export.
  await ctx.db.updateTable('conversations').set({ lastSeq: count }).where('id', '=', chat).execute();
  return { member, seller, chat };
}

function startDownload(headers: Record<string, string>) {
  const body = JSON.stringify({ password: TEST_PASSWORD });
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/profile/data-export',
    headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  req.end(body);
  return once(req, 'response').then(([res]) => res as http.IncomingMessage);
}

describe('a data export on its way', () => {
  it('ends short once the session that asked for it is gone, and holds nothing written after it was asked for', async () => {
    const { member, seller, chat } = await chatWith(4000, (i) => `${i} `.padEnd(2000, 'x'));
    const res = await startDownload(member.session.headers);
    expect(res.statusCode).toBe(200);
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.pause();
    await new Promise((r) => setTimeout(r, 300));
    // The owner signs out everywhere while the file is held open, and the chat goes on.
    await ctx.db.deleteFrom('sessions').where('userId', '=', member.user.id).execute();
    await ctx.db
      .insertInto('messages')
      .values({
        id: newId(),
        conversationId: chat,
        seq: 4001,
        kind: 'user',
        senderId: seller.user.id,
        clientId: newId(),
        body: 'Your new login code is 771234',
        attachmentId: null,
        attachmentWidth: null,
        attachmentHeight: null,
        createdAt: ctx.clock.now() + 1,
      })
      .execute();
    const ended = new Promise<string>((resolve) => {
      res.on('end', () => resolve('end'));
      res.on('aborted', () => resolve('aborted'));
      res.on('error', () => resolve('error'));
    });
    res.resume();
    expect(await ended).not.toBe('end');
    const text = Buffer.concat(chunks).toString();
    expect(text).not.toContain('771234');
    expect(() => JSON.parse(text)).toThrow();
  });

  it('never hands the browser a failed export as a file: a readable error, or a reply cut short', async () => {
    const { session } = await userWithSession(ctx, 'buyer');
    fail.table = 'reviews';
    const res = await ctx.app
      .inject({
        method: 'POST',
        url: '/api/profile/data-export',
        payload: { password: TEST_PASSWORD },
        headers: { ...session.headers, 'accept-encoding': 'gzip' },
      })
      .catch((err: Error) => err);
    // Whether compressed bytes had left before the failing read depends on the engine's timing.
    if (res instanceof Error) return expect(res.message).toBe('response destroyed before completion');
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.json().error.message).toBe('Something went wrong. Please try again.');
  });

  it('reads a member with hundreds of conversations and orders a page of them at a time, and gives them all', async () => {
    const seller = await userWithSession(ctx, 'seller');
    const member = await userWithSession(ctx, 'buyer');
    const orders = [];
    for (let i = 0; i < 401; i++) {
      const listing = await insertListing(ctx, seller.user.id);
      await insertConversation(ctx, listing.id, member.user.id, seller.user.id);
      orders.push(orderRowOf(ctx, { listingId: listing.id, buyerId: member.user.id, sellerId: seller.user.id }));
    }
    // Each written in, as the export leaves out conversations nobody wrote in.
    await ctx.db.updateTable('conversations').set({ lastSeq: 1 }).where('buyerId', '=', member.user.id).execute();
    for (let i = 0; i < orders.length; i += 100)
      await ctx.db
        .insertInto('orders')
        .values(orders.slice(i, i + 100))
        .execute();
    const largest: Record<string, number> = {};
    for (const table of ['conversations', 'orders']) {
      reads.watching = table;
      reads.largest = 0;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/profile/data-export',
        payload: { password: TEST_PASSWORD },
        headers: member.session.headers,
        remoteAddress: `198.51.100.${table.length}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()[table]).toHaveLength(401);
      largest[table] = reads.largest;
    }
    reads.watching = null;
    expect(largest).toEqual({ conversations: 200, orders: 200 });
  });
});
