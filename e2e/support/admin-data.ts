import { randomBytes } from 'node:crypto';
import { openE2eDb } from './db';

/** Rows the admin journeys moderate (a listing, a conversation with messages, reports), written straight to the database. */
const id = () => randomBytes(16).toString('base64url');

export function createListing(sellerId: string, title: string, priceCents = 4500) {
  const listingId = id();
  const now = Date.now();
  const db = openE2eDb();
  db.prepare(
    `insert into listings (id, seller_id, title, category, platform, region, description, price_cents, status, created_at, updated_at, published_at)
     values (?, ?, ?, 'game', 'steam', 'europe', 'A Steam account with a large library of games.', ?, 'active', ?, ?, ?)`,
  ).run(listingId, sellerId, title, priceCents, now, now, now);
  db.close();
  return listingId;
}

export function createConversation(
  listingId: string,
  buyerId: string,
  sellerId: string,
  messages: Array<{ from: string; body: string }>,
) {
  const conversationId = id();
  const now = Date.now();
  const db = openE2eDb();
  db.prepare(
    'insert into conversations (id, listing_id, buyer_id, seller_id, created_at, updated_at) values (?, ?, ?, ?, ?, ?)',
  ).run(conversationId, listingId, buyerId, sellerId, now, now);
  messages.forEach((m, i) => {
    db.prepare(
      'insert into messages (id, conversation_id, seq, sender_id, client_id, body, created_at) values (?, ?, ?, ?, ?, ?, ?)',
    ).run(id(), conversationId, i + 1, m.from, id(), m.body, now + i);
  });
  db.close();
  return conversationId;
}

export function createReport(
  targetType: 'listing' | 'conversation' | 'user',
  targetId: string,
  reporterId: string,
  reason: string,
  message = '',
) {
  const reportId = id();
  const now = Date.now();
  const db = openE2eDb();
  db.prepare(
    `insert into reports (id, target_type, target_id, reporter_id, reason, message, status, note, created_at, updated_at) values (?, ?, ?, ?, ?, ?, 'open', '', ?, ?)`,
  ).run(reportId, targetType, targetId, reporterId, reason, message, now, now);
  db.close();
  return reportId;
}

/** A rate-us submission from a visitor, open and without a note. */
export function createFeedback(message: string) {
  const feedbackId = id();
  const now = Date.now();
  const db = openE2eDb();
  db.prepare(
    `insert into feedback (id, user_id, email, rating, category, message, status, note, created_at, updated_at) values (?, null, 'visitor@journey.test', 4, 'suggestion', ?, 'open', '', ?, ?)`,
  ).run(feedbackId, message, now, now);
  db.close();
  return feedbackId;
}
