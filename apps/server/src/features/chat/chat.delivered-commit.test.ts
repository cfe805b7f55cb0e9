import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { createTestApp, testEngine, type TestContext } from '../../test/test-app';
import { sendTextMessage } from '../../test/chat-api';
import { pairWithConversation } from './chat-test-helpers';
import { deliveredStatement } from './postgres-message-statements';

// Decision 251: on PostgreSQL a flush of delivered markers commits without waiting for the disk, and only it.
describe.runIf(testEngine === 'postgres')('delivered markers on PostgreSQL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const commitMode = async (db: Database) =>
    (await sql<{ mode: string }>`select current_setting('synchronous_commit') as mode`.execute(db)).rows[0].mode;

  it('move in a transaction that does not wait for the disk, and leave the connection waiting for it after', async () => {
    const { buyer, conversationId } = await pairWithConversation(ctx);
    const sent = await sendTextMessage(ctx.app, buyer.session.headers, conversationId, 'Still for sale?');
    expect(sent.statusCode).toBe(201);

    const seen = await ctx.db.connection().execute(async (connection) => {
      // As production runs (the test database's own address turns waiting off for speed).
      await sql`set synchronous_commit = on`.execute(connection);
      const before = await commitMode(connection);
      const during = await connection.transaction().execute(async (trx) => {
        const moved = await deliveredStatement(undefined).execute(trx, {
          ids: [conversationId],
          buyerSeqs: [0],
          sellerSeqs: [1],
        });
        return { moved, mode: await commitMode(trx) };
      });
      const after = await commitMode(connection);
      await sql`reset synchronous_commit`.execute(connection);
      return { before, during, after };
    });

    expect(seen.before).toBe('on');
    expect(seen.during.moved).toMatchObject([{ id: conversationId, sellerMoved: true, sellerDeliveredSeq: 1 }]);
    expect(seen.during.mode).toBe('off');
    // The setting is the transaction's own: the next statement on the pooled connection (a payment, say) waits again.
    expect(seen.after).toBe('on');
  });
});
