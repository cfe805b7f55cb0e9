import { z } from 'zod';
import { orderViewerRoles } from './orders';

/** A dispute's thread: the parties' and the admin's statements, and the images they attach. */
export const disputeStatementSchema = z.object({
  id: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  authorRole: z.enum(orderViewerRoles),
  body: z.string(),
  /** GET this path (same session) for the image. */
  evidenceUrl: z.string().nullable(),
  createdAt: z.number(),
});
export type DisputeStatement = z.infer<typeof disputeStatementSchema>;
export const disputeStatementsSchema = z.object({ items: z.array(disputeStatementSchema) });
/** Dispute evidence: one image per upload, at most this many per person and order. */
export const DISPUTE_EVIDENCE_MAX_BYTES = 5 * 1024 * 1024;
export const DISPUTE_EVIDENCE_PER_PERSON = 10;
/** Statements one person may post in one dispute: its whole thread is read on every post and look. */
export const DISPUTE_STATEMENTS_PER_PERSON = 50;
export const evidenceUploadSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number(),
  height: z.number(),
});
export type EvidenceUpload = z.infer<typeof evidenceUploadSchema>;
