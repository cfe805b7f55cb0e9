import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgAnalyzedPlan, rowsReadFrom } from '../../test/postgres-plans';
import type { DatabaseHandle } from '../../db/database';
import type { MessagesTable } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { insertConversation, insertTestListing } from '../../test/listing-fixtures';
import { createTestDatabase, createUser } from '../../test/test-app';
import { sqlitePlanOf } from '../../test/sqlite-plans';
import { firstMessageTimesQuery } from './sellers.repository';

const SAMPLE = 50;
const CONVERSATIONS = 60;
const MESSAGES_EACH = 40;

/**
 * A seller's response time (their profile) is a median over their latest conversations of the wait from the buyer's
 * first message to the seller's first answer. It reads the first message of each side of each conversation from an
 * index, never every message of those conversations (long chats) nor every message the seller ever sent.
 */
describe('the plan of a seller’s response time', () => {
  let handle: DatabaseHandle;
  let sellerId = '';
  const expected: Array<{ asked: number; answered: number }> = [];

  beforeAll(async () => {
    handle = await createTestDatabase();
    const arrange = { db: handle.db, clock: new ManualClock(Date.UTC(2026, 11, 1)) };
    sellerId = (await createUser(arrange, { role: 'seller' })).id;
    const listing = await insertTestListing(arrange, sellerId, {}, 0);
    for (let c = 0; c < CONVERSATIONS; c++) {
      arrange.clock.advance(3_600_000);
      const buyer = await createUser(arrange, { role: 'buyer' });
      const id = await insertConversation(arrange, listing.id, buyer.id, sellerId);
      const start = arrange.clock.now();
      // A long chat: the buyer asks, the seller answers c minutes later, and they go on.
      const rows: MessagesTable[] = Array.from({ length: MESSAGES_EACH }, (_, i) => ({
        id: `${id}-${i}`,
        conversationId: id,
        seq: i + 1,
        kind: 'user',
        senderId: i % 2 ? sellerId : buyer.id,
        clientId: `${id}-${i}`,
        body: 'Still there?',
        attachmentId: null,
        attachmentWidth: null,
        attachmentHeight: null,
        createdAt: start + (i === 0 ? 0 : (c + i) * 60_000),
      }));
      await handle.db.insertInto('messages').values(rows).execute();
      await handle.db.updateTable('conversations').set({ updatedAt: start }).where('id', '=', id).execute();
      expected.unshift({ asked: start, answered: start + (c + 1) * 60_000 });
    }
    if (handle.engine === 'postgres') await sql`analyze`.execute(handle.db);
  });
  afterAll(() => handle.close());

  const query = () => firstMessageTimesQuery(handle.db, sellerId, SAMPLE);
  const figures = (rows: Array<{ asked: unknown; answered: unknown }>) =>
    rows.map((r) => ({ asked: Number(r.asked), answered: Number(r.answered) }));

  it('finds the first message of each side of the latest conversations', async () => {
    expect(figures(await query().execute())).toEqual(expected.slice(0, SAMPLE));
  });

  it('reads each from an index: one row per side and conversation', async () => {
    if (handle.engine === 'sqlite') {
      const { plan } = await sqlitePlanOf(handle.url, /from "conversations"/, (db) =>
        firstMessageTimesQuery(db, sellerId, SAMPLE).execute(),
      );
      expect(plan).toMatch(/SEARCH conversations USING INDEX conversations_seller_idx \(seller_id=\?\)/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
      const messageLines = plan.split(' | ').filter((line) => /\bm\b/.test(line));
      expect(messageLines).toHaveLength(2);
      for (const line of messageLines)
        expect(line).toBe(
          'SEARCH m USING COVERING INDEX messages_conversation_sender_idx (conversation_id=? AND sender_id=?)',
        );
      return;
    }
    const plan = await pgAnalyzedPlan(handle.db, query());
    // Every message row the plan read, kept or filtered out, over all its loops.
    expect(rowsReadFrom(plan, 'messages')).toBeLessThanOrEqual(2 * SAMPLE);
    expect(JSON.stringify(plan)).toContain('messages_conversation_sender_idx');
  });
});
