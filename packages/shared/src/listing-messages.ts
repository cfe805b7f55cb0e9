import {
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  LEVEL_MAX,
  MAX_IMAGE_BYTES,
  MAX_LISTING_IMAGES,
  TITLE_MAX,
  TITLE_MIN,
} from './listings';

const mb = MAX_IMAGE_BYTES / (1024 * 1024);

/** Every message the marketplace shows about listings, written once; tests assert them to the letter. */
export const LISTING_MESSAGES = {
  titleLength: `Title must be ${TITLE_MIN} to ${TITLE_MAX} characters`,
  titleRequired: 'Title is required',
  category: 'Choose a category',
  platform: 'Choose a platform or game',
  platformCategory: 'This platform does not fit the chosen category',
  region: 'Choose a region',
  descriptionLength: `Description must be ${DESCRIPTION_MIN} to ${DESCRIPTION_MAX} characters`,
  price: 'Enter a price from $1 to $100,000',
  currency: 'Prices are in US dollars',
  level: `Keep it under ${LEVEL_MAX} characters`,
  wholeNumber: 'Enter a whole number of 0 or more',
  wholeNumberUpTo: (max: number) => `Enter a whole number from 0 to ${max.toLocaleString('en-US')}.`,
  engagement: 'Enter a percentage from 0 to 100',
  accountAge: 'Enter an age from 0 to 600 months',
  attributeNotApplicable: 'Does not apply to this category',
  followersRequired: 'Followers are required for social-media accounts',
  deliveryMethod: 'Choose how the account is delivered',
  deliveryTime: 'Choose a delivery time',
  protectionDays: 'Choose a protection period of 0, 5, 14 or 30 days',
  notFound: 'Listing not found',
  notYours: 'You can only manage your own listings.',
  hiddenStatus:
    'An admin hid this listing, so its status cannot be changed. Edit it to fix the problem, then ask for a review.',
  hiddenDuplicate:
    'An admin hid this listing, so it cannot be duplicated. Edit it to fix the problem, then ask for a review.',
  soldFinal: 'A sold listing cannot be changed. Duplicate it to sell a similar account.',
  orderInProgress: 'This listing has an order in progress. It cannot be changed or deleted until the order ends.',
  sameStatus: 'The listing already has this status.',
  badTransition: 'This status change is not possible.',
  createRequestId: 'Save the listing from its form again: its request id is missing or malformed.',
  badVersion: 'Reload the listing and save again: the version it was loaded at is missing or malformed.',
  needsImage: 'Add at least one screenshot before publishing.',
  tooManyImages: `A listing can have up to ${MAX_LISTING_IMAGES} screenshots.`,
  imageType: 'Screenshots must be JPEG, PNG or WebP images.',
  imageSize: `Each screenshot must be ${mb} MB or smaller.`,
  imageMissing: 'Choose an image to upload.',
  lastImage: 'A published listing needs at least one screenshot. Unpublish it first, or add another screenshot.',
  imageOrder: 'The order must list every screenshot of the listing once.',
  // A removal or order sent against a list another tab or request changed: answered 409 so the page reads it again.
  imagesChanged: 'The screenshots changed in the meantime. Try again on the list as it is now.',
  lastImageHidden:
    'This listing goes back on sale when an admin unhides it, so it keeps at least one screenshot. ' +
    'Add another screenshot before you remove this one.',
  reportReason: 'Choose a reason',
  reportMessage: 'Keep the details under 1000 characters',
  reportOwn: 'You cannot report your own listing.',
  reportDuplicate: 'You have already reported this listing. Our team is looking into it.',
  reported: 'Thank you. Our moderators will review this listing.',
  favoriteOwn: 'You cannot favorite your own listing.',
  // In place of a listing's buy and offer actions while a block stands between viewer and seller. The blocked member
  // is not told that they were blocked (decision 053).
  // Offers are named only on a negotiable listing, the only kind that takes them.
  youBlockedSeller: 'You blocked this seller. Unblock them to buy their accounts or make offers.',
  youBlockedSellerNoOffers: 'You blocked this seller. Unblock them to buy their accounts.',
  sellerUnavailable: "You can't buy this account or make offers to this seller.",
  sellerUnavailableNoOffers: "You can't buy this account from this seller.",
  // Asked before the listing's "Unblock seller" lifts the block.
  unblockSellerConfirm: 'They will be able to message you and receive your offers again.',
  deleted: 'Listing deleted',
  cursor: 'The page link has expired. Please start again from the first page.',
  priceRange: 'The minimum price cannot be above the maximum',
} as const;

/** Per-seller quota refusals (their limits are configured on the server, so the messages take them). */
export const QUOTA_MESSAGES = {
  listingsTotal: (n: number) =>
    `You can have at most ${n} listings. Delete listings you no longer need to add new ones.`,
  listingsPerDay: (n: number) => `You can create at most ${n} listings a day. Try again tomorrow.`,
  uploadsPerHour: (n: number) => `You can upload at most ${n} screenshots an hour. Try again later.`,
  uploadsPerDay: (n: number) => `You can upload at most ${n} screenshots a day. Try again tomorrow.`,
  imageBytes: (bytes: number) =>
    `Your screenshots use all of your ${(bytes / 1024 / 1024).toFixed(1)} MB of storage. ` +
    'Remove screenshots or delete listings you no longer need.',
} as const;
