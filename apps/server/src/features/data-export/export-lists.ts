import { FAVORITE_AVAILABILITY_LABELS, favoriteAvailability } from '@accountry/shared/favorites';
import type { Database } from '../../db/database';
import { listingTitleFor } from '../../db/listing-titles';
import { isoTime, who } from './export-values';
import type { ExportRun } from './export-run';

/**
 * Favorites and saved searches: what the member keeps an eye on. A favorite's listing is shown as the favorites page
 * shows it: one taken off the site (a draft, hidden or deleted) keeps its place without its title, which is its
 * seller's again.
 */
export async function favoritesSection(db: Database, { userId, now }: ExportRun) {
  const rows = await db
    .selectFrom('favorites as f')
    .innerJoin('listings as l', 'l.id', 'f.listingId')
    .select(['f.listingId', 'l.title', 'l.status', 'l.deletedAt', 'f.createdAt'])
    .where('f.userId', '=', userId)
    .where('f.createdAt', '<=', now)
    .orderBy('f.createdAt')
    .execute();
  return rows.map((f) => {
    const availability = favoriteAvailability(f.status, f.deletedAt);
    return {
      listingId: f.listingId,
      title: availability === 'removed' ? null : f.title,
      availability,
      availabilityLabel: FAVORITE_AVAILABILITY_LABELS[availability],
      addedAt: isoTime(f.createdAt),
    };
  });
}

export async function savedSearchesSection(db: Database, { userId, now }: ExportRun) {
  const rows = await db
    .selectFrom('savedSearches')
    .select(['query', 'createdAt', 'alerts'])
    .where('userId', '=', userId)
    .where('createdAt', '<=', now)
    .orderBy('createdAt')
    .execute();
  return rows.map((s) => ({
    search: `/browse?${s.query}`,
    savedAt: isoTime(s.createdAt),
    emailAlerts: Boolean(s.alerts),
  }));
}

/** Members this one blocked in chat, by name. */
export async function blockedMembersSection(db: Database, { userId, now }: ExportRun) {
  const rows = await db
    .selectFrom('userBlocks as b')
    .innerJoin('users as u', 'u.id', 'b.blockedId')
    .select(['u.displayName', 'b.createdAt'])
    .where('b.blockerId', '=', userId)
    .where('b.createdAt', '<=', now)
    .orderBy('b.createdAt')
    .execute();
  return rows.map((b) => ({ member: b.displayName, since: isoTime(b.createdAt) }));
}

/** Reviews the member wrote as a buyer and received as a seller, with the seller's reply. */
export async function reviewsSection(db: Database, { userId, now }: ExportRun) {
  const rows = await db
    .selectFrom('reviews as r')
    .innerJoin('listings as l', 'l.id', 'r.listingId')
    .innerJoin('users as b', 'b.id', 'r.buyerId')
    .innerJoin('users as s', 's.id', 'r.sellerId')
    .select([
      'r.buyerId',
      'r.sellerId',
      'r.orderId',
      'b.displayName as buyerName',
      's.displayName as sellerName',
      'r.rating',
      'r.comment',
      'r.reply',
      'r.repliedAt',
      'r.createdAt',
      // The reviewer's is the title they bought under (decision 043).
      listingTitleFor('l', userId).as('title'),
    ])
    .where((eb) => eb.or([eb('r.buyerId', '=', userId), eb('r.sellerId', '=', userId)]))
    .where('r.createdAt', '<=', now)
    .orderBy('r.createdAt')
    .execute();
  const shape = (r: (typeof rows)[number]) => ({
    listing: r.title,
    orderId: r.orderId ?? null,
    by: who(r.buyerId, userId, r.buyerName),
    seller: who(r.sellerId, userId, r.sellerName),
    rating: r.rating,
    comment: r.comment,
    sellerReply: r.reply,
    repliedAt: isoTime(r.repliedAt),
    at: isoTime(r.createdAt),
  });
  return {
    written: rows.filter((r) => r.buyerId === userId).map(shape),
    received: rows.filter((r) => r.sellerId === userId).map(shape),
  };
}

/** Reports of listings, chats or members the member sent, and feedback about the site. */
export async function reportsSection(db: Database, { userId, now }: ExportRun) {
  const rows = await db
    .selectFrom('reports')
    .select(['targetType', 'targetId', 'reason', 'message', 'status', 'createdAt'])
    .where('reporterId', '=', userId)
    .where('createdAt', '<=', now)
    .orderBy('createdAt')
    .execute();
  return rows.map((r) => ({
    about: r.targetType,
    id: r.targetId,
    reason: r.reason,
    message: r.message,
    status: r.status,
    sentAt: isoTime(r.createdAt),
  }));
}

export async function feedbackSection(db: Database, { userId, now }: ExportRun) {
  const rows = await db
    .selectFrom('feedback')
    .select(['rating', 'category', 'message', 'status', 'createdAt'])
    .where('userId', '=', userId)
    .where('createdAt', '<=', now)
    .orderBy('createdAt')
    .execute();
  return rows.map((f) => ({
    rating: f.rating,
    category: f.category,
    message: f.message,
    status: f.status,
    sentAt: isoTime(f.createdAt),
  }));
}
