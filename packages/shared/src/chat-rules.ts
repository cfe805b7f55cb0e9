/** Pure chat rules shared by the server and the web app. */
import { plainText } from './plain-text';

export interface SeqCounters {
  buyerId: string;
  sellerId: string;
  lastSeq: number;
  buyerReadSeq: number;
  sellerReadSeq: number;
  buyerDeliveredSeq: number;
  sellerDeliveredSeq: number;
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
  return Math.max(0, c.lastSeq - (side === 'buyer' ? c.buyerReadSeq : c.sellerReadSeq));
}

/** Markers only move forward, so merging events that arrive out of order keeps the newest of each. */
export function mergeCounters<T extends SeqCounters>(a: T | undefined, b: T): T {
  if (!a) return b;
  return {
    ...b,
    lastSeq: Math.max(a.lastSeq, b.lastSeq),
    buyerReadSeq: Math.max(a.buyerReadSeq, b.buyerReadSeq),
    sellerReadSeq: Math.max(a.sellerReadSeq, b.sellerReadSeq),
    buyerDeliveredSeq: Math.max(a.buyerDeliveredSeq, b.buyerDeliveredSeq),
    sellerDeliveredSeq: Math.max(a.sellerDeliveredSeq, b.sellerDeliveredSeq),
    updatedAt: Math.max(a.updatedAt, b.updatedAt),
  };
}

export type ReceiptState = 'sent' | 'delivered' | 'read';

/** What the sender sees under one of their messages. */
export function receiptFor(c: SeqCounters, senderId: string, seq: number): ReceiptState {
  const side = sideOf(c, senderId);
  if (!side) return 'sent';
  const read = side === 'buyer' ? c.sellerReadSeq : c.buyerReadSeq;
  const delivered = side === 'buyer' ? c.sellerDeliveredSeq : c.buyerDeliveredSeq;
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
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH - 1)}…` : line;
}
