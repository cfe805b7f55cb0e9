/** Pure chat rules shared by the server and the web app. */
import { plainText } from './plain-text';
import { cutToFit } from './cut-text';

/** A null marker is the other side's, not shown while a block stands (decision 236); a side's own is never null. */
export interface SeqCounters {
  buyerId: string;
  sellerId: string;
  lastSeq: number;
  buyerReadSeq: number | null;
  sellerReadSeq: number | null;
  buyerDeliveredSeq: number | null;
  sellerDeliveredSeq: number | null;
  updatedAt: number;
}

export type ChatSide = 'buyer' | 'seller';

export function sideOf(c: Pick<SeqCounters, 'buyerId' | 'sellerId'>, userId: string): ChatSide | null {
  if (c.buyerId === userId) return 'buyer';
  if (c.sellerId === userId) return 'seller';
  return null;
}

/** Every message after a side's read marker is from the other side (sending moves the sender's marker), so this is exact. */
export function unreadFor(c: SeqCounters, userId: string): number {
  const side = sideOf(c, userId);
  if (!side) return 0;
  return Math.max(0, c.lastSeq - ((side === 'buyer' ? c.buyerReadSeq : c.sellerReadSeq) ?? 0));
}

/** A hidden marker (null) is no news: the one already known stays. */
const newer = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

/** Markers only move forward, so merging events that arrive out of order keeps the newest of each. */
export function mergeCounters<T extends SeqCounters>(a: T | undefined, b: T): T {
  if (!a) return b;
  return {
    ...b,
    lastSeq: Math.max(a.lastSeq, b.lastSeq),
    buyerReadSeq: newer(a.buyerReadSeq, b.buyerReadSeq),
    sellerReadSeq: newer(a.sellerReadSeq, b.sellerReadSeq),
    buyerDeliveredSeq: newer(a.buyerDeliveredSeq, b.buyerDeliveredSeq),
    sellerDeliveredSeq: newer(a.sellerDeliveredSeq, b.sellerDeliveredSeq),
    updatedAt: Math.max(a.updatedAt, b.updatedAt),
  };
}

export type ReceiptState = 'sent' | 'delivered' | 'read';

/** What the sender sees under one of their messages; null while the other side's markers are hidden (a block). */
export function receiptFor(c: SeqCounters, senderId: string, seq: number): ReceiptState | null {
  const side = sideOf(c, senderId);
  if (!side) return 'sent';
  const read = side === 'buyer' ? c.sellerReadSeq : c.buyerReadSeq;
  const delivered = side === 'buyer' ? c.sellerDeliveredSeq : c.buyerDeliveredSeq;
  if (read === null || delivered === null) return null;
  if (seq <= read) return 'read';
  if (seq <= Math.max(delivered, read)) return 'delivered';
  return 'sent';
}

/** Normalise line endings, drop control and bidi-override characters, cap blank lines, trim. */
export function sanitizeMessageBody(text: string): string {
  return plainText(text)
    .replace(/\n{4,}/g, '\n\n\n')
    .trim();
}

export const PREVIEW_LENGTH = 140;

/** The one-line preview shown in the conversation list. */
export function messagePreview(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_LENGTH ? `${cutToFit(line, PREVIEW_LENGTH - 1)}…` : line;
}
