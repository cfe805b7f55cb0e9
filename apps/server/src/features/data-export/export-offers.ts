import { OFFER_STATUS_LABELS, OPEN_OFFER_STATUSES, effectiveOfferStatus } from '@accountry/shared/offers';
import type { Database } from '../../db/database';
import type { ExportRun } from './export-run';
import { isoTime, who } from './export-values';

/**
 * Offers made and received (decision 180), oldest first. The listing is named as it was when the offer was made (the
 * copy the offer keeps), never as it is now: a listing since taken off the site is its seller's again.
 */
export async function offersSection(db: Database, { userId, now }: ExportRun) {
  const rows = await db
    .selectFrom('offers as o')
    .innerJoin('users as b', 'b.id', 'o.buyerId')
    .innerJoin('users as s', 's.id', 'o.sellerId')
    .select([
      'o.id',
      'o.listingId',
      'o.listingTitle',
      'o.listingPriceCents',
      'o.buyerId',
      'o.sellerId',
      'o.amountCents',
      'o.counterCents',
      'o.currency',
      'o.status',
      'o.createdAt',
      'o.updatedAt',
      'o.expiresAt',
      'o.orderId',
      'b.displayName as buyerName',
      's.displayName as sellerName',
    ])
    .where((eb) => eb.or([eb('o.buyerId', '=', userId), eb('o.sellerId', '=', userId)]))
    .where('o.createdAt', '<=', now)
    .orderBy('o.createdAt')
    .orderBy('o.id')
    .execute();
  return rows.map((o) => {
    const youAreBuyer = o.buyerId === userId;
    const status = effectiveOfferStatus(o, now);
    return {
      id: o.id,
      youAre: youAreBuyer ? 'buyer' : 'seller',
      with: youAreBuyer ? who(o.sellerId, userId, o.sellerName) : who(o.buyerId, userId, o.buyerName),
      listing: { id: o.listingId, title: o.listingTitle, priceCents: o.listingPriceCents },
      amountCents: o.amountCents,
      counterCents: o.counterCents ?? null,
      currency: o.currency,
      status,
      statusLabel: OFFER_STATUS_LABELS[status],
      madeAt: isoTime(o.createdAt),
      changedAt: isoTime(o.updatedAt),
      // The deadline of whoever answers next, or of buying it, while the offer is still going.
      dueAt: OPEN_OFFER_STATUSES.includes(status) ? isoTime(o.expiresAt) : null,
      orderId: o.orderId,
    };
  });
}
