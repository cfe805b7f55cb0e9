import { DEFAULT_PROTECTION_DAYS } from '@accountry/shared/order-state';
import type { ListingCard, OwnListingRow } from '@accountry/shared/listing-schemas';
import type { ListingRow } from './listing-search.repository';

/** A row as a card, not yet marked with the viewer's favorites (the service marks them). */
export function toCard(r: ListingRow): ListingCard {
  return {
    id: r.id,
    sellerId: r.sellerId,
    sellerName: r.sellerName,
    title: r.title,
    category: r.category,
    platform: r.platform as ListingCard['platform'],
    region: r.region as ListingCard['region'],
    priceCents: r.priceCents,
    currency: r.currency,
    negotiable: r.negotiable,
    level: r.level,
    itemsCount: r.itemsCount,
    followers: r.followers,
    engagementRate: r.engagementRate,
    accountAgeMonths: r.accountAgeMonths,
    verified: r.verified,
    originalEmail: r.originalEmail,
    twoFactorRemovable: r.twoFactorRemovable,
    status: r.status,
    protectionDays: r.protectionDays ?? DEFAULT_PROTECTION_DAYS[r.category],
    viewCount: r.viewCount,
    createdAt: r.createdAt,
    publishedAt: r.publishedAt,
    thumbUrl: r.thumbUrl ?? null,
    imageCount: Number(r.imageCount ?? 0),
    isFavorite: false,
  };
}

/** A row as the seller's management table shows it. */
export function toOwnRow(r: ListingRow, openOrderId: string | null): OwnListingRow {
  const { sellerName: _s, isFavorite: _f, imageCount: _i, ...card } = toCard(r);
  return {
    ...card,
    deliveryMethod: r.deliveryMethod as OwnListingRow['deliveryMethod'],
    deliveryTime: r.deliveryTime as OwnListingRow['deliveryTime'],
    favoriteCount: r.favoriteCount,
    hiddenReason: r.hiddenReason,
    updatedAt: r.updatedAt,
    soldAt: r.soldAt,
    orderInProgress: openOrderId !== null,
    openOrderId,
    ...reviewOf(r),
  };
}

/** Where the seller's request for another look of a hidden listing stands (decision 259); nothing once shown. */
function reviewOf(r: ListingRow) {
  const hidden = r.status === 'hidden';
  return {
    reviewRequestedAt: hidden ? (r.reviewRequestedAt ?? null) : null,
    reviewedAsIs: hidden && r.reviewedVersion != null && r.reviewedVersion === (r.contentVersion ?? 0),
  };
}
