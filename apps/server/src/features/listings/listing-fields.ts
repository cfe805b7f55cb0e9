import { DEFAULT_PROTECTION_DAYS } from '@accountry/shared/order-state';
import type { ListingInput } from '@accountry/shared/listing-schemas';

/** The columns a create or an edit writes from the seller's input. */
export function fieldsOf(input: ListingInput) {
  return {
    title: input.title,
    category: input.category,
    platform: input.platform,
    region: input.region,
    description: input.description,
    priceCents: input.priceCents,
    currency: input.currency,
    negotiable: input.negotiable,
    level: input.level ?? null,
    itemsCount: input.itemsCount ?? null,
    followers: input.followers ?? null,
    engagementRate: input.engagementRate ?? null,
    accountAgeMonths: input.accountAgeMonths ?? null,
    verified: input.verified,
    originalEmail: input.originalEmail,
    twoFactorRemovable: input.twoFactorRemovable,
    deliveryMethod: input.deliveryMethod,
    deliveryTime: input.deliveryTime,
    protectionDays: input.protectionDays ?? DEFAULT_PROTECTION_DAYS[input.category],
  };
}

/** The state every new listing starts in, created or copied. */
export function freshDraft(now: number) {
  return {
    status: 'draft' as const,
    hiddenReason: null,
    statusBeforeHidden: null,
    viewCount: 0,
    favoriteCount: 0,
    createdAt: now,
    updatedAt: now,
    publishedAt: null,
    publicTitle: null, // buyers saw no title of it yet, a copy's original's neither (decision 043)
    soldAt: null,
    deletedAt: null,
    contentVersion: 0,
  };
}
