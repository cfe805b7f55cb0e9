import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './database';
import { ManualClock } from '../lib/clock';
import { newId } from '../lib/ids';
import { insertConversation, insertTestListing } from '../test/listing-fixtures';
import { createTestDatabase, createUser } from '../test/test-app';
import { up } from './migrations/2026-12-10T0100-conversation-first-messages';

const MINUTE = 60_000;

/** Conversations already there get each side's first message time from their messages (decision 228). */
describe('the migration of conversations’ first message times', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('reads each side’s first own message, leaves the server’s notices out, and drops the index it read', async () => {
    // The database as it was before the migration.
    await sql`alter table conversations drop column buyer_first_message_at`.execute(handle.db);
    await sql`alter table conversations drop column seller_first_message_at`.execute(handle.db);
    await sql`create index messages_conversation_sender_idx on messages (conversation_id, sender_id, created_at)`.execute(
      handle.db,
    );
    const clock = new ManualClock(Date.UTC(2026, 11, 10));
    const arrange = { db: handle.db, clock };
    const seller = await createUser(arrange, { role: 'seller' });
    const listing = await insertTestListing(arrange, seller.id);
    const start = clock.now();
    const chats = [];
    for (const script of [['system', 'buyer', 'seller', 'buyer', 'seller'], ['buyer', 'buyer'], ['system'], []]) {
      const buyer = await createUser(arrange, { role: 'buyer' });
      const id = await insertConversation(arrange, listing.id, buyer.id, seller.id);
      for (const [i, side] of script.entries())
        await sql`insert into messages (id, conversation_id, seq, kind, sender_id, client_id, body, created_at)
          values (${newId()}, ${id}, ${i + 1}, ${side === 'system' ? 'system' : 'user'},
            ${side === 'system' ? null : side === 'buyer' ? buyer.id : seller.id}, ${newId()}, 'Hi',
            ${start + i * MINUTE})`.execute(handle.db);
      if (script.length)
        await sql`update conversations set last_seq = ${script.length} where id = ${id}`.execute(handle.db);
      chats.push(id);
    }

    await up(handle.db);
    const rows = await handle.db
      .selectFrom('conversations')
      .select(['id', 'buyerFirstMessageAt', 'sellerFirstMessageAt'])
      .where('id', 'in', chats)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, [r.buyerFirstMessageAt, r.sellerFirstMessageAt].map(nullOrNumber)]));
    expect(chats.map((id) => byId.get(id))).toEqual([
      [start + MINUTE, start + 2 * MINUTE],
      [start, null],
      [null, null],
      [null, null],
    ]);
    const indexes =
      handle.engine === 'sqlite'
        ? await sql<{ name: string }>`select name from sqlite_schema where type = 'index'`.execute(handle.db)
        : await sql<{
            name: string;
          }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(handle.db);
    expect(indexes.rows.map((r) => r.name)).not.toContain('messages_conversation_sender_idx');
  });
});

const nullOrNumber = (v: unknown) => (v === null ? null : Number(v));
