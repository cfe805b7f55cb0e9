import { randomBytes } from 'node:crypto';
import { openE2eDb } from './db';

const id = () => randomBytes(16).toString('base64url');

/**
 * A listing straight in the journey database (active, one demo screenshot unless `screenshots` is false), for journeys
 * that are not about creating one.
 */
export function insertListing(
  sellerId: string,
  over: {
    title: string;
    status?: string;
    hiddenReason?: string;
    priceCents?: number;
    negotiable?: boolean;
    verified?: boolean;
    screenshots?: boolean;
  },
) {
  const db = openE2eDb();
  const listingId = id();
  const now = Date.now();
  db.prepare(
    `insert into listings (id, seller_id, title, category, platform, region, description, price_cents, currency, negotiable, level, items_count,
      account_age_months, verified, original_email, two_factor_removable, delivery_method, delivery_time, status, hidden_reason, status_before_hidden,
      view_count, favorite_count, created_at, updated_at, published_at)
     values (?, ?, ?, 'game', 'fortnite', 'europe', ?, ?, 'USD', ?, 'Level 200', 80, 36, ?, 1, 1, 'full-access', 'instant', ?, ?, ?, 0, 0, ?, ?, ?)`,
  ).run(
    listingId,
    sellerId,
    over.title,
    'Stacked locker with rare skins.\nOriginal e-mail included.',
    over.priceCents ?? 9900,
    over.negotiable ? 1 : 0,
    over.verified ? 1 : 0,
    over.status ?? 'active',
    over.hiddenReason ?? null,
    over.hiddenReason ? 'active' : null,
    now,
    now,
    now,
  );
  if (over.screenshots !== false)
    db.prepare(
      `insert into listing_images (id, listing_id, position, url, thumb_url, width, height, created_at) values (?, ?, 0, ?, ?, 1280, 720, ?)`,
    ).run(id(), listingId, '/uploads/demo/demo-05.webp', '/uploads/demo/demo-05-thumb.webp', now);
  db.close();
  return listingId;
}

/** A conversation between the buyer and the seller about the listing (reviews require one). */
export function insertConversation(listingId: string, buyerId: string, sellerId: string) {
  const db = openE2eDb();
  const now = Date.now();
  db.prepare(
    'insert into conversations (id, listing_id, buyer_id, seller_id, created_at, updated_at) values (?, ?, ?, ?, ?, ?)',
  ).run(id(), listingId, buyerId, sellerId, now, now);
  db.close();
}

/** A completed order of the listing by the buyer (reviews require one, decision 081); its money is not the point. */
export function insertCompletedOrder(listingId: string, buyerId: string, sellerId: string, priceCents = 9900) {
  const db = openE2eDb();
  const now = Date.now();
  db.prepare(
    `insert into orders (id, listing_id, buyer_id, seller_id, price_cents, currency, fee_cents, refunded_cents, status, provider,
       delivery_time, protection_days, created_at, updated_at, paid_at, delivered_at, protection_started_at, completed_at)
     values (?, ?, ?, ?, ?, 'USD', ?, 0, 'completed', 'balance', 'instant', 0, ?, ?, ?, ?, ?, ?)`,
  ).run(id(), listingId, buyerId, sellerId, priceCents, Math.round(priceCents * 0.05), now, now, now, now, now, now);
  db.close();
}
