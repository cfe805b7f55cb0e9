import { z } from 'zod';
import { ADMIN_MESSAGES } from '@accountry/shared/admin-messages';
import { ADMIN_ACTIONS } from '@accountry/shared/admin-audit';
import {
  REPORTED_MESSAGES_LIMIT,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  type AdminFeedback,
  type AdminFeedbackFilter,
  type AdminReport,
  type AdminReportDetail,
  type AdminReportsFilter,
  type ReportCounts,
  type ReportStatus,
  type ReviewInput,
  type reportTargetSchema,
} from '@accountry/shared/admin-reports';
import type { AppDeps } from '../../app';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { conflict, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { adminTransaction } from '../../db/acting-admin';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './admin-reports.repository';
import { adminCursor } from './sql-helpers';
import { CHANGED_MEANWHILE } from '@accountry/shared/api-error';
import { queueReportResolvedMail } from './report-mails';
import { assertNotParty } from '../../lib/admin-not-party';

type Target = z.infer<typeof reportTargetSchema>;
const missing = (label: string): Target => ({
  exists: false,
  label,
  owner: null,
  other: null,
  status: null,
  listingId: null,
});

/** Resolve each report's target (listing, conversation or user) in one query per type. */
async function withTargets(db: Database, rows: repo.ReportRow[]): Promise<AdminReport[]> {
  const ids = (type: string) => [...new Set(rows.filter((r) => r.targetType === type).map((r) => r.targetId))];
  const [listings, conversations, users] = await Promise.all([
    repo.listingTargets(db, ids('listing')),
    repo.conversationTargets(db, ids('conversation')),
    repo.userTargets(db, ids('user')),
  ]);
  const targets = new Map<string, Target>();
  for (const l of listings) {
    targets.set(`listing:${l.id}`, {
      exists: true,
      label: l.title,
      owner: { id: l.sellerId, displayName: l.sellerName, email: l.sellerEmail },
      other: null,
      // A deleted listing keeps the status it had; to the admin it is deleted.
      status: l.deletedAt === null ? l.status : 'deleted',
      listingId: l.id,
    });
  }
  for (const c of conversations) {
    targets.set(`conversation:${c.id}`, {
      exists: true,
      label: `${c.buyerName} and ${c.sellerName} about “${c.title}”`,
      owner: { id: c.sellerId, displayName: c.sellerName, email: c.sellerEmail },
      other: { id: c.buyerId, displayName: c.buyerName, email: c.buyerEmail },
      status: null,
      listingId: c.listingId,
    });
  }
  for (const u of users) {
    const status = u.deletedStatus === 'unresolved' ? 'deleted' : u.disabled ? 'disabled' : 'active';
    targets.set(`user:${u.id}`, {
      exists: true,
      label: u.displayName,
      owner: { id: u.id, displayName: u.displayName, email: u.email },
      other: null,
      status,
      listingId: null,
    });
  }
  return rows.map((r) => ({
    id: r.id,
    targetType: r.targetType,
    targetId: r.targetId,
    reason: r.reason,
    message: r.message,
    status: r.status,
    note: r.note,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    reporter:
      r.reporterName !== null && r.reporterEmail !== null
        ? { id: r.reporterId, displayName: r.reporterName, email: r.reporterEmail }
        : null,
    target: targets.get(`${r.targetType}:${r.targetId}`) ?? missing(`This ${r.targetType} no longer exists`),
  }));
}

export async function listReports(deps: AppDeps, input: AdminReportsFilter) {
  const page = await repo.listReports(deps.db.db, { ...input, cursor: adminCursor(input.cursor) });
  return { items: await withTargets(deps.db.db, page.items), nextCursor: page.nextCursor };
}

export async function getReport(deps: AppDeps, id: string): Promise<AdminReportDetail> {
  const db = deps.db.db;
  const row = await repo.findReport(db, id);
  if (!row) throw notFound(ADMIN_MESSAGES.reportNotFound);
  const [report] = await withTargets(db, [row]);
  if (report.targetType !== 'conversation' || !report.target.exists)
    return { ...report, messages: null, moreMessages: false };
  const rows = await repo.conversationMessages(db, report.targetId, REPORTED_MESSAGES_LIMIT);
  const messages = rows
    .slice(0, REPORTED_MESSAGES_LIMIT)
    .reverse()
    .map((m) => ({ ...m, senderName: m.senderId === null ? 'Order update' : (m.senderName ?? 'Unknown user') }));
  return { ...report, messages, moreMessages: rows.length > REPORTED_MESSAGES_LIMIT };
}

/**
 * Write a review over the row as it was read: a status move on the status read, a note on the note the admin started
 * from (`noteSeen`, when sent). When another admin changed either meanwhile, nothing is written and the 409 says which.
 */
async function writeReview(
  trx: Database,
  table: 'reports' | 'feedback',
  row: { id: string; status: ReportStatus; note: string },
  input: ReviewInput,
  now: number,
) {
  const { noteSeen, ...patch } = input;
  const moves = patch.status !== undefined && patch.status !== row.status;
  // A status given is written on the status read, moved or not: the same one must not undo another admin's move.
  const result = await repo.updateReview(trx, table, row.id, patch, now, {
    status: patch.status !== undefined ? row.status : undefined,
    note: patch.note !== undefined ? noteSeen : undefined,
  });
  if (Number(result.numUpdatedRows) > 0) return moves;
  const current = await repo.currentReview(trx, table, row.id);
  const noteMoved = noteSeen !== undefined && current !== undefined && current.note !== noteSeen;
  throw conflict(noteMoved ? ADMIN_MESSAGES.noteChangedMeanwhile : CHANGED_MEANWHILE);
}

/**
 * Set a report's status and/or note; recorded in the audit log with what changed. Reopening a resolved report while
 * its member has filed another open one of the same target is refused (409) by the one-open-report index. The report
 * is read before the transaction: every write in it is conditioned on what was read.
 */
export async function reviewReport(deps: AppDeps, actor: AuthUser, id: string, input: ReviewInput) {
  const row = await repo.findReport(deps.db.db, id);
  if (!row) throw notFound(ADMIN_MESSAGES.reportNotFound);
  // Its target, read once: whose it is (an admin reviews no report about them), and the reporter's mail.
  const [report] = await withTargets(deps.db.db, [row]);
  const parties = [report!.target.owner?.id, report!.target.other?.id].filter((p): p is string => !!p);
  assertNotParty(actor.id, parties, ADMIN_MESSAGES.ownReport);
  try {
    await adminTransaction(deps.db.db, actor.id, async (trx) => {
      const now = deps.clock.now();
      // A status move is written on the status read: two admins resolving at once mail the reporter once.
      const moves = await writeReview(trx, 'reports', row, input, now);
      if (moves && input.status === 'resolved' && row.reporterId !== actor.id)
        await queueReportResolvedMail(trx, deps.config.publicUrl, report!, now);
      await auditChanges(trx, { actorId: actor.id, action: ADMIN_ACTIONS.reportReview, targetType: 'report' }, id, {
        details: changes(row, input),
        now,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ADMIN_MESSAGES.reportOpenAgain);
    throw err;
  }
  return getReport(deps, id);
}

/** What a review changed: a status that moved, a note that differs; empty when it changed nothing. */
function changes(before: { status: string; note: string }, input: ReviewInput) {
  return {
    ...(input.status !== undefined && input.status !== before.status ? { from: before.status, to: input.status } : {}),
    ...(input.note !== undefined && input.note !== before.note ? { note: input.note } : {}),
  };
}

/** A review's audit entry, only when it changed something: the log records changes, not clicks. */
async function auditChanges(
  trx: Database,
  entry: { actorId: string; action: string; targetType: 'report' | 'feedback' },
  targetId: string,
  { details, now }: { details: Record<string, string>; now: number },
) {
  if (Object.keys(details).length) await recordAudit(trx, { ...entry, targetId, details }, now);
}

export async function listFeedback(deps: AppDeps, input: AdminFeedbackFilter) {
  const page = await repo.listFeedback(deps.db.db, { ...input, cursor: adminCursor(input.cursor) });
  return { items: page.items as AdminFeedback[], nextCursor: page.nextCursor };
}

export async function getFeedback(deps: AppDeps, id: string): Promise<AdminFeedback> {
  const row = await repo.findFeedback(deps.db.db, id);
  if (!row) throw notFound(ADMIN_MESSAGES.feedbackNotFound);
  return row as AdminFeedback;
}

/** Set a rate-us submission's status and/or note, as a report's: read first, then written on what was read. */
export async function reviewFeedback(
  deps: AppDeps,
  actor: AuthUser,
  id: string,
  input: ReviewInput,
): Promise<AdminFeedback> {
  const row = await getFeedback(deps, id);
  await adminTransaction(deps.db.db, actor.id, async (trx) => {
    const now = deps.clock.now();
    await writeReview(trx, 'feedback', row, input, now);
    await auditChanges(trx, { actorId: actor.id, action: ADMIN_ACTIONS.feedbackReview, targetType: 'feedback' }, id, {
      details: changes(row, input),
      now,
    });
  });
  return getFeedback(deps, id);
}

export async function reportCounts(deps: AppDeps): Promise<ReportCounts> {
  const zero = () =>
    Object.fromEntries(REPORT_STATUSES.map((s) => [s, 0])) as Record<(typeof REPORT_STATUSES)[number], number>;
  const counts = {
    feedback: zero(),
    ...Object.fromEntries(REPORT_TARGET_TYPES.map((t) => [t, zero()])),
  } as ReportCounts;
  const { reports, feedback } = await repo.reportCounts(deps.db.db);
  for (const r of reports)
    if (counts[r.targetType]?.[r.status] !== undefined) counts[r.targetType][r.status] = Number(r.n);
  for (const f of feedback) if (counts.feedback[f.status] !== undefined) counts.feedback[f.status] = Number(f.n);
  return counts;
}
