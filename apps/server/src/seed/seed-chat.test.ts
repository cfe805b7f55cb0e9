import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unreadFor } from '@accountry/shared/chat-rules';
import { createTestDatabase } from '../test/test-app';
import type { DatabaseHandle } from '../db/database';
import { ManualClock } from '../lib/clock';
import { seedUsers, type SeededUsers } from './seed-users';
import { seedChat } from './seed-chat';
import { insertListing } from '../features/chat/chat-test-helpers';

let handle: DatabaseHandle;
let users: SeededUsers;
beforeAll(async () => {
  handle = await createTestDatabase();
  const clock = new ManualClock();
  await handle.db.transaction().execute(async (db) => {
    users = await seedUsers(db, clock);
    for (const seller of [users.seller, users.seller2, users.both]) {
      for (let i = 0; i < 3; i++) await insertListing({ db, clock }, seller, { createdAt: clock.now() - i });
    }
    await insertListing({ db, clock }, users.seller, { status: 'hidden', createdAt: clock.now() + 1 });
    await seedChat({ db, clock, users, log: () => undefined });
  });
});
afterAll(() => handle.close());

describe('demo conversations', () => {
  it('are between demo buyers and sellers about active listings, with consistent counters and some unread', async () => {
    const db = handle.db;
    const conversations = await db
      .selectFrom('conversations as c')
      .innerJoin('listings as l', 'l.id', 'c.listingId')
      .selectAll('c')
      .select(['l.status as listingStatus', 'l.sellerId as listingSellerId'])
      .orderBy('c.updatedAt', 'desc')
      .execute();
    expect(conversations).toHaveLength(5);
    for (const c of conversations) {
      expect(c.listingStatus).toBe('active');
      expect(c.listingSellerId).toBe(c.sellerId);
      const messages = await db
        .selectFrom('messages')
        .selectAll()
        .where('conversationId', '=', c.id)
        .orderBy('seq')
        .execute();
      expect(messages.map((m) => m.seq)).toEqual(messages.map((_, i) => i + 1));
      expect(c.lastSeq).toBe(messages.length);
      expect(c.updatedAt).toBe(messages.at(-1)!.createdAt);
      expect(messages.every((m) => m.senderId === c.buyerId || m.senderId === c.sellerId)).toBe(true);
    }
    const unread = (userId: string) => conversations.reduce((n, c) => n + unreadFor(c, userId), 0);
    expect(unread(users.buyer)).toBe(1);
    expect(unread(users.seller)).toBe(2);
    // The newest conversation is the one the admin demo data reports.
    expect(conversations[0]).toMatchObject({ buyerId: users.buyer2, sellerId: users.seller2 });
  });
});
