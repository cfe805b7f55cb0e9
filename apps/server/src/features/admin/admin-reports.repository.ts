import type { Database } from '../../db/database';
import type { ReportsTable } from '../../db/schema';
import { afterCursor, type Keyset } from '../../lib/keyset-cursor';
import { toPage } from './sql-helpers';

export interface ReportFilter {
  targetType?: ReportsTable['targetType'];
  status?: ReportsTable['status'];
  cursor: Keyset | undefined;
  limit: number;
}

function reportQuery(db: Database) {
  return db
    .selectFrom('reports')
    .leftJoin('users as reporter', 'reporter.id', 'reports.reporterId')
    .select([
      'reports.id',
      'reports.targetType',
      'reports.targetId',
      'reports.reason',
      'reports.message',
      'reports.status',
      'reports.note',
      'reports.createdAt',
      'reports.updatedAt',
      'reports.reporterId',
      'reporter.displayName as reporterName',
      'reporter.email as reporterEmail',
    ]);
}
export type ReportRow = Awaited<ReturnType<ReturnType<typeof reportQuery>['execute']>>[number];

export async function listReports(db: Database, f: ReportFilter) {
  let q = reportQuery(db);
  if (f.targetType) q = q.where('reports.targetType', '=', f.targetType);
  if (f.status) q = q.where('reports.status', '=', f.status);
  if (f.cursor) q = q.where(afterCursor('reports.createdAt', 'reports.id', f.cursor));
  const rows = await q
    .orderBy('reports.createdAt', 'desc')
    .orderBy('reports.id', 'desc')
    .limit(f.limit + 1)
    .execute();
  return toPage(rows, f.limit);
}

export async function findReport(db: Database, id: string) {
  return reportQuery(db).where('reports.id', '=', id).executeTakeFirst();
}

/**
 * What a review was decided on: the status read (when it moves the status) and the note the admin started from (when
 * they said). Nothing is written once another admin moved the one or changed the other.
 */
export interface ReviewedFrom {
  status?: ReportsTable['status'];
  note?: string;
}

/** Set a report's or a rate-us submission's status and/or note, if it still stands where the review began. */
export async function updateReview(
  db: Database,
  table: 'reports' | 'feedback',
  id: string,
  patch: Partial<Pick<ReportsTable, 'status' | 'note'>>,
  now: number,
  from: ReviewedFrom,
) {
  let q = db
    .updateTable(table)
    .set({ ...patch, updatedAt: now })
    .where('id', '=', id);
  if (from.status !== undefined) q = q.where('status', '=', from.status);
  if (from.note !== undefined) q = q.where('note', '=', from.note);
  return q.executeTakeFirst();
}

/** A report's or a rate-us submission's status and note as they now stand, to say why a review was refused. */
export async function currentReview(db: Database, table: 'reports' | 'feedback', id: string) {
  return db.selectFrom(table).select(['status', 'note']).where('id', '=', id).executeTakeFirst();
}

/** Reported listings, with their sellers. */
export async function listingTargets(db: Database, ids: string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('listings')
    .innerJoin('users as seller', 'seller.id', 'listings.sellerId')
    .select([
      'listings.id',
      'listings.title',
      'listings.status',
      'listings.deletedAt',
      'listings.sellerId',
      'seller.displayName as sellerName',
      'seller.email as sellerEmail',
    ])
    .where('listings.id', 'in', ids)
    .execute();
}

/** Reported conversations, with both sides and the listing they are about. */
export async function conversationTargets(db: Database, ids: string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('conversations')
    .innerJoin('users as seller', 'seller.id', 'conversations.sellerId')
    .innerJoin('users as buyer', 'buyer.id', 'conversations.buyerId')
    .innerJoin('listings', 'listings.id', 'conversations.listingId')
    .select([
      'conversations.id',
      'conversations.listingId',
      'listings.title',
      'conversations.sellerId',
      'seller.displayName as sellerName',
      'seller.email as sellerEmail',
      'conversations.buyerId',
      'buyer.displayName as buyerName',
      'buyer.email as buyerEmail',
    ])
    .where('conversations.id', 'in', ids)
    .execute();
}

/** Reported users, with whether their account is deleted. */
export async function userTargets(db: Database, ids: string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('users')
    .leftJoin('deletedUsers', 'deletedUsers.uid', 'users.id')
    .select(['users.id', 'users.displayName', 'users.email', 'users.disabled', 'deletedUsers.status as deletedStatus'])
    .where('users.id', 'in', ids)
    .execute();
}

/** The newest `limit` messages of a conversation (plus one, to tell whether there are more), newest first by seq. */
export async function conversationMessages(db: Database, conversationId: string, limit: number) {
  return db
    .selectFrom('messages')
    .leftJoin('users as sender', 'sender.id', 'messages.senderId')
    .select([
      'messages.id',
      'messages.senderId',
      'sender.displayName as senderName',
      'messages.body',
      'messages.createdAt',
    ])
    .where('messages.conversationId', '=', conversationId)
    .orderBy('messages.seq', 'desc')
    .limit(limit + 1)
    .execute();
}

export async function listFeedback(db: Database, f: Omit<ReportFilter, 'targetType'>) {
  let q = feedbackQuery(db);
  if (f.status) q = q.where('feedback.status', '=', f.status);
  if (f.cursor) q = q.where(afterCursor('feedback.createdAt', 'feedback.id', f.cursor));
  const rows = await q
    .orderBy('feedback.createdAt', 'desc')
    .orderBy('feedback.id', 'desc')
    .limit(f.limit + 1)
    .execute();
  return toPage(rows, f.limit);
}

function feedbackQuery(db: Database) {
  return db
    .selectFrom('feedback')
    .leftJoin('users', 'users.id', 'feedback.userId')
    .select([
      'feedback.id',
      'feedback.userId',
      'users.displayName',
      'feedback.email',
      'feedback.rating',
      'feedback.category',
      'feedback.message',
      'feedback.status',
      'feedback.note',
      'feedback.createdAt',
      'feedback.updatedAt',
    ]);
}

export async function findFeedback(db: Database, id: string) {
  return feedbackQuery(db).where('feedback.id', '=', id).executeTakeFirst();
}

/** Counts by type and status, for the tabs and the dashboard. */
export async function reportCounts(db: Database) {
  const [reports, feedback] = await Promise.all([
    db
      .selectFrom('reports')
      .select((eb) => ['targetType', 'status', eb.fn.countAll<number>().as('n')])
      .groupBy(['targetType', 'status'])
      .execute(),
    db
      .selectFrom('feedback')
      .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute(),
  ]);
  return { reports, feedback };
}
