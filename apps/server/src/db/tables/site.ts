import type { Generated } from 'kysely';

// What the whole site keeps: mail, limits, feedback, reports, the audit log, announcements, socket places. Conventions
// in ../schema.ts.

export interface MailOutboxTable {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers as JSON (List-Unsubscribe, decision 216), or null. */
  headers: string | null;
  createdAt: number;
  /** Orders the mails one process queued in the same millisecond (decision 213). */
  queuePosition: Generated<number>;
  /** pending → sending (claimed by one worker) → sent, or failed after the last retry. */
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  /** When a pending mail is due, or when a claim by a worker that died lapses. */
  nextAttemptAt: Generated<number>;
  sentAt: number | null;
  lastError: Generated<string>;
}

export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

export interface RateLimitsTable {
  key: string;
  points: number;
  expire: number | null;
}

/** A member of a distinct limit's set (decision 245); the set's size is counted in `rate_limits`. */
export interface RateLimitMembersTable {
  key: string;
  member: string;
  expire: number;
}

export interface FeedbackTable {
  id: string;
  userId: string | null;
  email: string;
  rating: number;
  category: string;
  message: string;
  status: 'open' | 'in_progress' | 'resolved';
  note: string;
  createdAt: number;
  updatedAt: number;
}

export interface ReportsTable {
  id: string;
  targetType: 'listing' | 'conversation' | 'user';
  targetId: string;
  reporterId: string;
  reason: string;
  message: string;
  status: 'open' | 'in_progress' | 'resolved';
  note: string;
  createdAt: number;
  updatedAt: number;
}

/** An open WebSocket on some server process (PostgreSQL only; decision 127). */
export interface SocketLeasesTable {
  id: string;
  userId: string;
  processId: string;
  /** Refreshed by the owning process's heartbeat; stale rows belong to a process that died. */
  seenAt: number;
}

export interface AuditLogTable {
  id: string;
  actorId: string;
  action: string;
  targetType: string;
  targetId: string;
  /** JSON object with what changed. */
  details: string;
  createdAt: number;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface AnnouncementsTable {
  id: string;
  title: string;
  message: string;
  severity: 'info' | 'warning' | 'success' | 'error';
  status: 'active' | 'expired' | 'draft' | 'canceled';
  /** A role string, or 'specific' when announcement_targets lists the user ids. */
  targetKind: 'all' | 'buyer' | 'seller' | 'both' | 'admin' | 'specific';
  expiresAt: number | null;
  createdAt: number;
  updatedAt: number;
  recalledAt: number | null;
  createdBy: string | null;
}

export interface AnnouncementTargetsTable {
  announcementId: string;
  userId: string;
}

/** A user's read/dismiss state for one announcement; the rows are also the responses the metrics count. */
export interface AnnouncementStatesTable {
  userId: string;
  notificationId: string;
  read: boolean;
  readAt: number | null;
  dismissed: boolean;
  dismissedAt: number | null;
}
