import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../db/database';
import type { ListingsTable, ReportsTable } from '../../db/schema';
import type { ManualClock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { insertTestListing } from '../../test/listing-fixtures';
import { createTestApp, userWithSession, type Session, type TestContext } from '../../test/test-app';

/** Rows the admin tests arrange directly (listings, conversations, messages, reports), not through other features. */
type Ctx = { db: Database; clock: ManualClock };

/** An active Valorant listing without screenshots: the shared test listing with the values the admin tests read. */
export function insertListing(ctx: Ctx, sellerId: string, over: Partial<ListingsTable> = {}) {
  const valorant: Partial<ListingsTable> = {
    title: 'Diamond-rank Valorant account',
    platform: 'valorant',
    description: 'A well-kept account with many skins.',
    priceCents: 12_000,
    level: null,
    itemsCount: null,
    accountAgeMonths: null,
    originalEmail: true,
    twoFactorRemovable: true,
  };
  return insertTestListing(ctx, sellerId, { ...valorant, ...over }, 0);
}

/** A conversation with the chat columns left to their database defaults. */
export async function insertConversation(ctx: Ctx, listingId: string, buyerId: string, sellerId: string) {
  const now = ctx.clock.now();
  const id = newId();
  await ctx.db
    .insertInto('conversations')
    .values({ id, listingId, buyerId, sellerId, createdAt: now, updatedAt: now } as never)
    .execute();
  return id;
}

export async function insertMessage(ctx: Ctx, conversationId: string, senderId: string, seq: number, body: string) {
  const id = newId();
  await ctx.db
    .insertInto('messages')
    .values({ id, conversationId, seq, senderId, clientId: newId(), body, createdAt: ctx.clock.now() + seq } as never)
    .execute();
  return id;
}

export async function insertReport(
  ctx: Ctx,
  over: Partial<ReportsTable> & Pick<ReportsTable, 'targetType' | 'targetId' | 'reporterId'>,
) {
  const now = ctx.clock.now();
  const row: ReportsTable = {
    id: newId(),
    reason: 'scam',
    message: 'Looks like a scam.',
    status: 'open',
    note: '',
    createdAt: now,
    updatedAt: now,
    ...over,
  };
  await ctx.db.insertInto('reports').values(row).execute();
  return row;
}

export async function insertFeedback(
  ctx: Ctx,
  over: { userId?: string | null; message?: string; status?: 'open' | 'in_progress' | 'resolved' } = {},
) {
  const now = ctx.clock.now();
  const id = newId();
  await ctx.db
    .insertInto('feedback')
    .values({
      id,
      userId: over.userId ?? null,
      email: 'visitor@example.test',
      rating: 4,
      category: 'suggestion',
      message: over.message ?? 'Please add saved searches.',
      status: over.status ?? 'open',
      note: '',
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return id;
}

export async function auditRows(ctx: Ctx, targetId: string) {
  return ctx.db.selectFrom('auditLog').selectAll().where('targetId', '=', targetId).orderBy('createdAt').execute();
}

/** The file's test app and one admin's session, made before its tests and closed after them. */
export function useAdminTestApp(take: (ctx: TestContext, adminSession: Session) => void) {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    ctx = await createTestApp();
    take(ctx, (await userWithSession(ctx, 'admin')).session);
  });
  afterAll(() => ctx?.close());
}
