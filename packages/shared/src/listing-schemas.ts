import { z } from 'zod';
import {
  DELIVERY_METHODS,
  DELIVERY_TIMES,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  LEVEL_MAX,
  LISTING_CATEGORIES,
  LISTING_CURRENCIES,
  LISTING_STATUSES,
  PLATFORMS,
  PRICE_MAX_CENTS,
  PRICE_MIN_CENTS,
  REGIONS,
  SELLER_STATUSES,
  TITLE_MAX,
  TITLE_MIN,
  platformFitsCategory,
} from './listings';
import { ATTRIBUTE_KEYS, CATEGORY_ATTRIBUTES, FLAG_ATTRIBUTES, attributeApplies } from './listing-attributes';
import { LISTING_MESSAGES as M } from './listing-messages';
import { PROTECTION_PERIODS } from './order-state';
import { plainText } from './plain-text';

/** 0, 5, 14 or 30 days; when left out, the category's default applies (DEFAULT_PROTECTION_DAYS). */
const protectionDaysInput = z
  .number({ error: M.protectionDays })
  .refine((d) => (PROTECTION_PERIODS as readonly number[]).includes(d), M.protectionDays)
  .optional();

const cleanLine = (s: string) => plainText(s).replace(/\s+/g, ' ');
// Over the bound the message names it (unless the field's own message does already).
const count = (max: number, message: string = M.wholeNumber, over: string = M.wholeNumberUpTo(max)) =>
  z.number({ error: message }).int(message).min(0, message).max(max, over).nullable().optional();

/** One schema for the listing form, the create and update routes and their types. */
export const listingInputSchema = z
  .strictObject({
    title: z
      .string({ error: M.titleRequired })
      .overwrite(cleanLine)
      .trim()
      .min(1, M.titleRequired)
      .min(TITLE_MIN, M.titleLength)
      .max(TITLE_MAX, M.titleLength),
    category: z.enum(LISTING_CATEGORIES, { error: M.category }),
    platform: z.enum(PLATFORMS, { error: M.platform }),
    region: z.enum(REGIONS, { error: M.region }),
    description: z
      .string({ error: M.descriptionLength })
      .overwrite(plainText)
      .trim()
      .min(DESCRIPTION_MIN, M.descriptionLength)
      .max(DESCRIPTION_MAX, M.descriptionLength),
    priceCents: z.number({ error: M.price }).int(M.price).min(PRICE_MIN_CENTS, M.price).max(PRICE_MAX_CENTS, M.price),
    currency: z.enum(LISTING_CURRENCIES, { error: M.currency }).default('USD'),
    negotiable: z.boolean().default(false),
    level: z
      .string({ error: M.level })
      .overwrite(cleanLine)
      .trim()
      .max(LEVEL_MAX, M.level)
      .nullable()
      .optional()
      .transform((v) => v || null),
    itemsCount: count(1_000_000),
    followers: count(2_000_000_000),
    engagementRate: z.number({ error: M.engagement }).min(0, M.engagement).max(100, M.engagement).nullable().optional(),
    accountAgeMonths: count(600, M.accountAge, M.accountAge),
    verified: z.boolean().default(false),
    originalEmail: z.boolean().default(false),
    twoFactorRemovable: z.boolean().default(false),
    deliveryMethod: z.enum(DELIVERY_METHODS, { error: M.deliveryMethod }),
    deliveryTime: z.enum(DELIVERY_TIMES, { error: M.deliveryTime }),
    protectionDays: protectionDaysInput,
  })
  .superRefine((v, ctx) => {
    if (!platformFitsCategory(v.platform, v.category))
      ctx.addIssue({ code: 'custom', path: ['platform'], message: M.platformCategory });
    for (const key of ATTRIBUTE_KEYS) {
      const value = v[key];
      const set = (FLAG_ATTRIBUTES as readonly string[]).includes(key)
        ? value === true
        : value !== null && value !== undefined;
      if (set && !attributeApplies(v.category, key))
        ctx.addIssue({ code: 'custom', path: [key], message: M.attributeNotApplicable });
      if (!set && CATEGORY_ATTRIBUTES[v.category][key]?.required)
        ctx.addIssue({ code: 'custom', path: [key], message: M.followersRequired });
    }
  });
export type ListingInput = z.infer<typeof listingInputSchema>;
export type ListingFormValues = z.input<typeof listingInputSchema>;

/**
 * What a save or status change was decided on, sent with it: a write against a listing that moved on since is refused
 * (409). Optional, so callers that name nothing keep the server's own read as the state (decision 258).
 */
const contentVersionInput = z.number({ error: M.badVersion }).int(M.badVersion).min(0, M.badVersion).optional();

/** The body of a create: the listing's fields and the request id its form made, the same on a retry. */
export const listingCreateSchema = listingInputSchema.safeExtend({
  requestId: z
    .string({ error: M.createRequestId })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, M.createRequestId)
    .optional(),
});
export type ListingCreate = z.infer<typeof listingCreateSchema>;

/** The body of an edit: the listing's fields and the content version the seller's form was loaded with. */
export const listingUpdateSchema = listingInputSchema.safeExtend({ contentVersion: contentVersionInput });
export type ListingUpdate = z.infer<typeof listingUpdateSchema>;

export const listingStatusChangeSchema = z.strictObject({
  status: z.enum(SELLER_STATUSES, { error: M.badTransition }),
  /** The status the seller's screen showed (the change was chosen from it). */
  from: z.enum(LISTING_STATUSES, { error: M.badTransition }).optional(),
});

export const listingImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number(),
  height: z.number(),
  position: z.number(),
});
export type ListingImage = z.infer<typeof listingImageSchema>;

const listingBase = {
  id: z.string(),
  sellerId: z.string(),
  title: z.string(),
  category: z.enum(LISTING_CATEGORIES),
  platform: z.enum(PLATFORMS),
  region: z.enum(REGIONS),
  priceCents: z.number(),
  currency: z.string(),
  negotiable: z.boolean(),
  level: z.string().nullable(),
  itemsCount: z.number().nullable(),
  followers: z.number().nullable(),
  engagementRate: z.number().nullable(),
  accountAgeMonths: z.number().nullable(),
  verified: z.boolean(),
  originalEmail: z.boolean(),
  twoFactorRemovable: z.boolean(),
  status: z.enum(LISTING_STATUSES),
  /** Days the buyer may still dispute after accepting the account (0, 5, 14 or 30). */
  protectionDays: z.number(),
  viewCount: z.number(),
  createdAt: z.number(),
  publishedAt: z.number().nullable(),
};

/** A listing in a grid (browse, home, seller profile, similar listings). */
export const listingCardSchema = z.object({
  ...listingBase,
  sellerName: z.string(),
  thumbUrl: z.string().nullable(),
  imageCount: z.number(),
  isFavorite: z.boolean(),
});
export type ListingCard = z.infer<typeof listingCardSchema>;

/** The seller's own view: what only they (and admins) see. */
export const ownListingSchema = z.object({
  ...listingBase,
  description: z.string(),
  deliveryMethod: z.enum(DELIVERY_METHODS),
  deliveryTime: z.enum(DELIVERY_TIMES),
  images: z.array(listingImageSchema),
  thumbUrl: z.string().nullable(),
  favoriteCount: z.number(),
  hiddenReason: z.string().nullable(),
  updatedAt: z.number(),
  soldAt: z.number().nullable(),
  /** An order holds the listing: it moves only with the order until the order ends. */
  orderInProgress: z.boolean(),
  /** The order that holds the listing while one does (its seller opens it from here). */
  openOrderId: z.string().nullable(),
  /** Which content edit the listing is at: a save sends it back (decision 258). */
  contentVersion: z.number().int(),
  /** While hidden: when the seller asked a moderator for another look, until one answers (decision 259). */
  reviewRequestedAt: z.number().nullable(),
  /** While hidden: a moderator kept it hidden as it is now; the seller changes it before asking again. */
  reviewedAsIs: z.boolean(),
});
export type OwnListing = z.infer<typeof ownListingSchema>;

export const STATUS_FILTERS = ['all', ...LISTING_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const myListingsQuerySchema = z.object({
  status: z.enum(STATUS_FILTERS).default('all'),
  q: z.string().trim().max(100).optional(),
  cursor: z.string().max(300).optional(),
});
export const myListingsResponseSchema = z.object({
  items: z.array(ownListingSchema.omit({ description: true, images: true, contentVersion: true })),
  nextCursor: z.string().nullable(),
  counts: z.record(z.enum(STATUS_FILTERS), z.number()),
  /** How many listings (of any status, `counts.all`) the seller may have: the server's quota. */
  listingLimit: z.number().int(),
});
export type MyListingsResponse = z.infer<typeof myListingsResponseSchema>;
export type OwnListingRow = MyListingsResponse['items'][number];
