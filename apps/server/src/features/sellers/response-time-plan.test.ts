import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgAnalyzedPlan, type PgPlanNode } from '../../test/postgres-plans';
import { createTestApp, userWithSession, type TestContext } from '../../test/test-app';
import { sqlitePlanOf } from '../../test/sqlite-plans';
import { openConversation, sendTextMessage } from '../../test/chat-api';
import { insertTestListing } from '../../test/listing-fixtures';
import { firstMessageTimesQuery } from './sellers.repository';

const SAMPLE = 50;
const CONVERSATIONS = 60;
const MINUTE = 60_000;

/**
 * A seller's response time (their profile) is a median over their latest conversations of the wait from the buyer's
 * first message to the seller's first answer. Each conversation keeps both times as its messages are stored (decision
 * 228): the profile reads the seller's latest conversations and not one message, however long the chats.
 */
describe('the plan of a seller’s response time', () => {
  let ctx: TestContext;
  let sellerId = '';
  const expected: Array<{ asked: number; answered: number }> = [];

  beforeAll(async () => {
    ctx = await createTestApp();
    const seller = await userWithSession(ctx, 'seller');
    sellerId = seller.user.id;
    const listing = await insertTestListing(ctx, sellerId);
    const send = (headers: Record<string, string>, conversationId: string, body: string) =>
      sendTextMessage(ctx.app, headers, conversationId, body);
    for (let c = 0; c < CONVERSATIONS; c++) {
      ctx.clock.advance(3_600_000);
      const buyer = await userWithSession(ctx, 'buyer');
      const id = await openConversation(ctx.app, buyer.session.headers, listing.id);
      const asked = ctx.clock.now();
      // The buyer asks twice, the seller answers c + 1 minutes after the first question, and they go on.
      await send(buyer.session.headers, id, 'Still there?');
      ctx.clock.advance(MINUTE / 2);
      await send(buyer.session.headers, id, 'Hello?');
      ctx.clock.advance((c + 1) * MINUTE - MINUTE / 2);
      await send(seller.session.headers, id, 'Yes, still for sale');
      ctx.clock.advance(MINUTE);
      await send(seller.session.headers, id, 'Anything else?');
      expected.unshift({ asked, answered: asked + (c + 1) * MINUTE });
    }
    if (ctx.handle.engine === 'postgres') await sql`analyze`.execute(ctx.db);
  });
  afterAll(() => ctx.close());

  const query = () => firstMessageTimesQuery(ctx.db, sellerId, SAMPLE);
  const figures = (rows: Array<{ asked: unknown; answered: unknown }>) =>
    rows.map((r) => ({ asked: Number(r.asked), answered: Number(r.answered) }));

  it('finds the first message of each side of the latest conversations', async () => {
    expect(figures(await query().execute())).toEqual(expected.slice(0, SAMPLE));
  });

  it('reads the seller’s latest conversations from their index and no message', async () => {
    if (ctx.handle.engine === 'sqlite') {
      const { plan } = await sqlitePlanOf(ctx.handle.url, /from "conversations"/, (db) =>
        firstMessageTimesQuery(db, sellerId, SAMPLE).execute(),
      );
      expect(plan).toBe('SEARCH conversations USING INDEX conversations_seller_idx (seller_id=?)');
      return;
    }
    const plan = await pgAnalyzedPlan(ctx.db, query());
    // The table is small here, so PostgreSQL may well scan it; what matters is that no message is read.
    expect(relations(plan)).toEqual(['conversations']);
  });
});

const relations = (node: PgPlanNode): string[] => [
  ...(node['Relation Name'] ? [node['Relation Name']] : []),
  ...(node.Plans ?? []).flatMap(relations),
];
