import { z } from 'zod';
import { ADMIN_MESSAGES } from './admin-messages';
import { cursorSchema, pageLimitSchema, pageOf } from './admin-paging';
import { plainText } from './plain-text';

export const REPORT_STATUSES = ['open', 'in_progress', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  resolved: 'Resolved',
};
export const REPORT_TARGET_TYPES = ['listing', 'conversation', 'user'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

const statusSchema = z.enum(REPORT_STATUSES, { error: 'Status must be one of: open, in_progress, resolved' });

export const adminReportsQuerySchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES, { error: 'Type must be one of: listing, conversation, user' }).optional(),
  status: statusSchema.optional(),
  cursor: cursorSchema.optional(),
  limit: pageLimitSchema,
});
export type AdminReportsQuery = z.input<typeof adminReportsQuerySchema>;
export type AdminReportsFilter = z.output<typeof adminReportsQuerySchema>;

export const adminFeedbackQuerySchema = z.object({
  status: statusSchema.optional(),
  cursor: cursorSchema.optional(),
  limit: pageLimitSchema,
});
export type AdminFeedbackFilter = z.output<typeof adminFeedbackQuerySchema>;

const personSchema = z.object({ id: z.string(), displayName: z.string(), email: z.string() });

/** What a report points at, resolved for display; exists=false when the target is gone. */
export const reportTargetSchema = z.object({
  exists: z.boolean(),
  label: z.string(),
  /** The listing's seller, or the reported user. */
  owner: personSchema.nullable(),
  /** The conversation's buyer. */
  other: personSchema.nullable(),
  status: z.string().nullable(),
  listingId: z.string().nullable(),
});

export const adminReportSchema = z.object({
  id: z.string(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  reason: z.string(),
  message: z.string(),
  status: z.enum(REPORT_STATUSES),
  note: z.string(),
  reporter: personSchema.nullable(),
  target: reportTargetSchema,
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;
export const adminReportsPageSchema = pageOf(adminReportSchema);

export const reportedMessageSchema = z.object({
  id: z.string(),
  /** Null for an order event the server posted (decision 120). */
  senderId: z.string().nullable(),
  senderName: z.string(),
  body: z.string(),
  createdAt: z.number(),
});
export type ReportedMessage = z.infer<typeof reportedMessageSchema>;

/** The newest messages shown with a conversation report. */
export const REPORTED_MESSAGES_LIMIT = 200;

export const adminReportDetailSchema = adminReportSchema.extend({
  /** For conversation reports: the conversation's messages, oldest first (the newest REPORTED_MESSAGES_LIMIT). */
  messages: z.array(reportedMessageSchema).nullable(),
  moreMessages: z.boolean(),
});
export type AdminReportDetail = z.infer<typeof adminReportDetailSchema>;

export const adminFeedbackSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  displayName: z.string().nullable(),
  email: z.string(),
  rating: z.number(),
  category: z.string(),
  message: z.string(),
  status: z.enum(REPORT_STATUSES),
  note: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type AdminFeedback = z.infer<typeof adminFeedbackSchema>;
export const adminFeedbackPageSchema = pageOf(adminFeedbackSchema);

const NOTE_TOO_LONG = 'Keep the note under 2000 characters';

/**
 * Moderation of a report or a rate-us submission: its status and the admins' note. `noteSeen` is the note the admin
 * started from (our web app sends it with every note): the note is written only while it is still that one, so two
 * admins editing at once do not silently lose one's note (409 instead).
 */
export const reviewInputSchema = z
  .strictObject({
    status: statusSchema.optional(),
    note: z.string().overwrite(plainText).trim().max(2000, NOTE_TOO_LONG).optional(),
    noteSeen: z.string().max(2000, NOTE_TOO_LONG).optional(),
  })
  .refine((v) => v.status !== undefined || v.note !== undefined, {
    message: ADMIN_MESSAGES.nothingToUpdate,
    path: ['status'],
  })
  .refine((v) => v.noteSeen === undefined || v.note !== undefined, {
    message: ADMIN_MESSAGES.noteSeenWithoutNote,
    path: ['noteSeen'],
  });
export type ReviewInput = z.infer<typeof reviewInputSchema>;

const countsSchema = z.object({ open: z.number(), in_progress: z.number(), resolved: z.number() });
export const reportCountsSchema = z.object({
  feedback: countsSchema,
  listing: countsSchema,
  conversation: countsSchema,
  user: countsSchema,
});
export type ReportCounts = z.infer<typeof reportCountsSchema>;
