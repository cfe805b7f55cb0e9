import type { Generated } from 'kysely';
import type { OrderAction, OrderActor, OrderState } from '@accountry/shared/order-state';
import type { LedgerKind } from '@accountry/shared/wallet';
import type { AccountEventKind } from '@accountry/shared/account-activity';
import type { OrderHistoryEvent } from '@accountry/shared/orders';
import type { OfferStatus } from '@accountry/shared/offers';

/**
 * Table types as the code sees them (camelCase; the database uses snake_case).
 * Timestamps are epoch milliseconds (INTEGER / BIGINT); booleans are listed in BOOLEAN_COLUMNS
 * so SQLite's 0/1 come back as booleans like PostgreSQL's.
 */
export interface UsersTable {
  id: string;
  email: string;
  passwordHash: string;
  displayName: string;
  phoneNumber: string;
  role: 'buyer' | 'seller' | 'both' | 'admin';
  createdAt: number;
  lastActive: number;
  profileComplete: boolean;
  emailVerified: boolean;
  disabled: boolean;
}

export interface SessionsTable {
  /** sha256 of the cookie token, so a leaked table cannot be replayed. */
  id: string;
  /** Random, shown in the session list: what a member signs one device out by (decision 199). */
  publicId: string;
  userId: string;
  remember: boolean;
  csrfToken: string;
  createdAt: number;
  lastActive: number;
  userAgent: string;
  ip: string;
}

export interface DeletedUsersTable {
  uid: string;
  /** The user's own created_at, copied (it never changes) so the deleted users list in created order by an index. */
  userCreatedAt: number;
  status: 'unresolved' | 'resolved';
  reason: string;
  deletedBy: string | null;
  createdAt: number;
  updatedAt: number;
  /** A member's own deletion: when their personal data is erased unless restored first (decision 164). */
  eraseAt: Generated<number | null>;
  /** Set when it was erased; such an account cannot be restored. */
  erasedAt: Generated<number | null>;
}

export interface MailOutboxTable {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers as JSON (List-Unsubscribe, decision 216), or null. */
  headers: string | null;
  createdAt: number;
  /** Orders the mails one process queued in the same millisecond (decision 213). */
  queuePosition: Generated<number>;
  /** pending → sending (claimed by one worker) → sent, or failed after the last retry. */
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  /** When a pending mail is due, or when a claim by a worker that died lapses. */
  nextAttemptAt: Generated<number>;
  sentAt: number | null;
  lastError: Generated<string>;
}

export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

export interface RateLimitsTable {
  key: string;
  points: number;
  expire: number | null;
}

export interface FeedbackTable {
  id: string;
  userId: string | null;
  email: string;
  rating: number;
  category: string;
  message: string;
  status: 'open' | 'in_progress' | 'resolved';
  note: string;
  createdAt: number;
  updatedAt: number;
}

export interface ReportsTable {
  id: string;
  targetType: 'listing' | 'conversation' | 'user';
  targetId: string;
  reporterId: string;
  reason: string;
  message: string;
  status: 'open' | 'in_progress' | 'resolved';
  note: string;
  createdAt: number;
  updatedAt: number;
}

export interface ListingsTable {
  id: string;
  sellerId: string;
  title: string;
  category: 'game' | 'social' | 'streaming' | 'other';
  platform: string;
  region: string;
  description: string;
  priceCents: number;
  currency: string;
  negotiable: boolean;
  level: string | null;
  itemsCount: number | null;
  followers: number | null;
  engagementRate: number | null;
  accountAgeMonths: number | null;
  verified: boolean;
  originalEmail: boolean;
  twoFactorRemovable: boolean;
  deliveryMethod: string;
  deliveryTime: string;
  /** 0, 5, 14 or 30 days (DEFAULT_PROTECTION_DAYS per category); the column defaults to 14. */
  protectionDays?: number;
  status: 'draft' | 'active' | 'reserved' | 'sold' | 'hidden';
  hiddenReason: string | null;
  /** Status to return to when an admin unhides the listing. */
  statusBeforeHidden: string | null;
  viewCount: number;
  favoriteCount: number;
  createdAt: number;
  updatedAt: number;
  publishedAt: number | null;
  soldAt: number | null;
  /** Set when the seller deletes the listing: it disappears everywhere but stays for favorites, chats and reviews. */
  deletedAt?: number | null;
}

export interface ListingImagesTable {
  id: string;
  listingId: string;
  position: number;
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
  createdAt: number;
  /** Bytes of the display image and thumbnail files; 0 for demo screenshots (shared, not the seller's). */
  bytes?: number;
}

/** An open WebSocket on some server process (PostgreSQL only; decision 127). */
export interface SocketLeasesTable {
  id: string;
  userId: string;
  processId: string;
  /** Refreshed by the owning process's heartbeat; stale rows belong to a process that died. */
  seenAt: number;
}

export interface ConversationsTable {
  id: string;
  listingId: string;
  buyerId: string;
  sellerId: string;
  createdAt: number;
  /** Latest activity; the conversation list is ordered by it. */
  updatedAt: number;
  /** Chat: messages are numbered 1, 2, … per conversation; each side's read/delivered marker is a seq. */
  lastSeq: number;
  buyerReadSeq: number;
  sellerReadSeq: number;
  buyerDeliveredSeq: number;
  sellerDeliveredSeq: number;
  lastMessagePreview: string;
  lastMessageAttachment: boolean;
  lastSenderId: string | null;
  lastMessageAt: number | null;
  /** When each side sent its first message, set as it is numbered: a seller's response time reads these. */
  buyerFirstMessageAt: number | null;
  sellerFirstMessageAt: number | null;
  /** The last seq a "message waiting" mail covered for each side: no new mail until that side reads past it. */
  buyerMailedSeq: number;
  sellerMailedSeq: number;
}

export interface MessagesTable {
  id: string;
  conversationId: string;
  seq: number;
  /** `system`: an order event posted by the server, with no sender (decision 120). */
  kind: 'user' | 'system';
  senderId: string | null;
  /** Generated by the sender's device; unique per sender so a resend is not stored twice. */
  clientId: string;
  body: string;
  attachmentId: string | null;
  attachmentWidth: number | null;
  attachmentHeight: number | null;
  createdAt: number;
}

export interface ChatAttachmentsTable {
  id: string;
  conversationId: string;
  uploaderId: string;
  /** Under config.uploadDir/chat. */
  fileName: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
  /** Set when a message carries it; an upload is used by at most one message. */
  messageId: string | null;
  createdAt: number;
}

export interface UserBlocksTable {
  blockerId: string;
  blockedId: string;
  createdAt: number;
}

export interface AuditLogTable {
  id: string;
  actorId: string;
  action: string;
  targetType: string;
  targetId: string;
  /** JSON object with what changed. */
  details: string;
  createdAt: number;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface AnnouncementsTable {
  id: string;
  title: string;
  message: string;
  severity: 'info' | 'warning' | 'success' | 'error';
  status: 'active' | 'expired' | 'draft' | 'canceled';
  /** A role string, or 'specific' when announcement_targets lists the user ids. */
  targetKind: 'all' | 'buyer' | 'seller' | 'both' | 'admin' | 'specific';
  expiresAt: number | null;
  createdAt: number;
  updatedAt: number;
  recalledAt: number | null;
  createdBy: string | null;
}

export interface AnnouncementTargetsTable {
  announcementId: string;
  userId: string;
}

/** A user's read/dismiss state for one announcement; the rows are also the responses the metrics count. */
export interface AnnouncementStatesTable {
  userId: string;
  notificationId: string;
  read: boolean;
  readAt: number | null;
  dismissed: boolean;
  dismissedAt: number | null;
}

export interface FavoritesTable {
  userId: string;
  listingId: string;
  createdAt: number;
  /** The price the member was last mailed about as a drop (decision 196); null until then. */
  priceMailedCents: Generated<number | null>;
}

export interface ReviewsTable {
  id: string;
  listingId: string;
  sellerId: string;
  buyerId: string;
  rating: number;
  comment: string;
  /** The seller's one answer. */
  reply: string | null;
  repliedAt: number | null;
  createdAt: number;
  /** The completed order the review is about (decision 081); null for reviews older than orders. */
  orderId?: string | null;
}

export interface AuthTokensTable {
  /** sha256 of the token in the mailed link. */
  id: string;
  userId: string;
  purpose: 'verify_email' | 'reset_password' | 'change_email' | 'undo_email_change';
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
  /** change_email: the address the link confirms (decision 165); undo_email_change: the one it gives back (177). */
  newEmail: string | null;
}

/** A member's security activity (decision 178). */
export interface AccountEventsTable {
  id: string;
  userId: string;
  kind: AccountEventKind;
  createdAt: number;
  ip: string | null;
  device: string | null;
}

export interface AuthThrottleTable {
  id: string;
  /** sha256 of what is counted (failed sign-ins of an address or an IP, mails asked for an address). */
  bucket: string;
  createdAt: number;
}

/** A password-reset link asked for an address, kept until it is made and mailed, or found to have no account. */
export interface PasswordResetRequestsTable {
  id: string;
  email: string;
  createdAt: number;
}

/** A Checkout Session create's parameters as first sent under its idempotency key (decision 231), kept a day. */
export interface CheckoutRequestsTable {
  idempotencyKey: string;
  /** The parameters as JSON, in the order they were sent. */
  params: string;
  createdAt: number;
}

/** Traffic (spec section 3): the daily record as counter tables keyed by UTC day (YYYY-MM-DD). */
export interface TrafficDaysTable {
  day: string;
  totalPageViews: number;
  createdAt: number;
  updatedAt: number;
}

export interface TrafficHoursTable {
  day: string;
  /** 0–23, UTC */
  hour: number;
  views: number;
}

export interface TrafficPathsTable {
  day: string;
  /** The sanitised path (/ . [ ] # $ * → _). */
  pathKey: string;
  /** The original path for the key. */
  rawPath: string;
  views: number;
}

export interface TrafficDimensionsTable {
  day: string;
  kind: 'device' | 'browser' | 'referrer';
  value: string;
  views: number;
}

export interface TrafficVisitorsTable {
  day: string;
  visitorId: string;
}

/** A tracking session (spec sections 3 and 4); `isActive` is the spec's `active`. */
export interface TrafficSessionsTable {
  id: string;
  visitorId: string;
  userId: string | null;
  startTime: number;
  isActive: boolean;
  lastActive: number;
  pageViews: number;
  currentPath: string;
  entryPath: string;
  device: string;
  browser: string;
  referrer: string;
  country: string;
  city: string;
  endTime: number | null;
  /** Whole minutes. */
  duration: number | null;
  exitPath: string | null;
}

export interface OrdersTable {
  id: string;
  listingId: string;
  buyerId: string;
  sellerId: string;
  priceCents: number;
  currency: string;
  feeCents: number | null;
  refundedCents: number;
  status: OrderState;
  provider: string;
  providerRef: string | null;
  /** Since when the Checkout Session in providerRef must still be expired at Stripe; null when nothing is owed. */
  checkoutExpiryOwedAt: number | null;
  deliveryTime: string;
  protectionDays: number;
  conversationId: string | null;
  createdAt: number;
  updatedAt: number;
  paidAt: number | null;
  deliveredAt: number | null;
  protectionStartedAt: number | null;
  completedAt: number | null;
  /** When the timer sweep applies dueAction; null when nothing is due. */
  dueAt: number | null;
  dueAction: OrderAction | null;
  /** When to mail "confirmed in 12 hours"; cleared once sent. */
  reminderAt: number | null;
  disputeReason: string | null;
  disputeOpenedAt: number | null;
  sellerAnswerDueAt: number | null;
  pausedRemainingMs: number | null;
  decisionOutcome: 'refund' | 'partial_refund' | 'release' | null;
  decisionReason: string | null;
  decidedBy: string | null;
  decidedAt: number | null;
  /** AES-256-GCM, see lib/credentials-cipher.ts; never logged or listed. */
  credentialsCipher: string | null;
  credentialsEraseAt: number | null;
  credentialsErasedAt: number | null;
  /** The buyer's first reveal: the seller can no longer correct the credentials (decision 182). */
  credentialsRevealedAt: number | null;
  /** How often the seller replaced the delivered credentials. */
  credentialsCorrections: number;
  /** Since when an open chargeback holds the order (decision 183): no move but the bank's outcome; null otherwise. */
  chargebackHoldSince: number | null;
}

export interface OrderHistoryTable {
  id: string;
  orderId: string;
  seq: number;
  fromStatus: OrderState | null;
  toStatus: OrderState;
  actorKind: OrderActor;
  actorId: string | null;
  reason: string;
  createdAt: number;
  /** An entry that moves no state (a correction of the credentials); null for a transition. */
  event: OrderHistoryEvent | null;
}

export interface CredentialRevealsTable {
  id: string;
  orderId: string;
  userId: string;
  by: 'buyer' | 'admin';
  createdAt: number;
}

export interface DisputeStatementsTable {
  id: string;
  orderId: string;
  authorId: string;
  authorRole: 'buyer' | 'seller' | 'admin';
  body: string;
  evidenceId: string | null;
  createdAt: number;
}

export interface DisputeEvidenceTable {
  id: string;
  orderId: string;
  uploaderId: string;
  fileName: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
  createdAt: number;
}

/** Ledger account ids: `u:<userId>:available`, `u:<userId>:held`, `escrow`, `platform_fee`, `external`. */
export interface LedgerAccountsTable {
  id: string;
  userId: string | null;
  kind: 'available' | 'held' | 'escrow' | 'platform_fee' | 'external';
  balanceCents: number;
  updatedAt: number;
}

export interface LedgerTransactionsTable {
  id: string;
  kind: LedgerKind;
  orderId: string | null;
  payoutId: string | null;
  actorId: string | null;
  memo: string;
  createdAt: number;
}

export interface LedgerEntriesTable {
  id: string;
  transactionId: string;
  accountId: string;
  /** Signed: positive adds to the account. */
  amountCents: number;
  createdAt: number;
}

export interface PayoutsTable {
  id: string;
  userId: string;
  amountCents: number;
  status: 'open' | 'paid' | 'rejected' | 'canceled';
  reason: string;
  createdAt: number;
  decidedAt: number | null;
  decidedBy: string | null;
  /** The payout details when it was requested (decision 173), sealed; null before them, and once erased. */
  destination: string | null;
  destinationSummary: Generated<string>;
  /** The transfer's reference recorded when it was marked paid (decision 188); '' otherwise. */
  reference: Generated<string>;
  /** What references are compared by (`payoutReferenceKey`: trimmed, lower case), written with the reference. */
  referenceKey: Generated<string>;
}

/** Where a member's payouts go (decision 173): the details sealed for the member, and a summary to show. */
export interface PayoutMethodsTable {
  userId: string;
  kind: 'paypal' | 'us_bank' | 'iban';
  details: string;
  summary: string;
  changedAt: number;
  /** The hold: 48 hours after the details, the email address or the password last changed. */
  payoutsFrom: number;
}

/** A card refund owed through Stripe (decision 095): `pending` until Stripe confirms it, then `sent`. */
/** A card chargeback the payment provider reported (decision 183); the id is the provider's dispute id. */
export interface ChargebacksTable {
  id: string;
  orderId: string;
  amountCents: number;
  reason: string;
  status: 'open' | 'won' | 'lost';
  orderStatusAtOpen: OrderState;
  openedAt: number;
  closedAt: number | null;
  /** When the provider was last asked for a decision whose webhook may have been lost. */
  checkedAt: number | null;
  /** Stripe's dispute fee booked as the platform's cost, and what was booked of its return (decision 183). */
  feeCents: number;
  feeReturnedCents: number;
  /**
   * Of an order settled before the chargeback: what the bank took booked `chargeback_receivable → stripe_clearing`,
   * what Stripe gave back booked the other way, and what admins recovered from a member's balance (decision 183).
   */
  withdrawnCents: number;
  reinstatedCents: number;
  recoveredCents: number;
}

export interface StripeRefundsTable {
  idempotencyKey: string;
  orderId: string;
  sessionId: string;
  amountCents: number;
  /**
   * refused: Stripe will not take it (the charge disputed, say); it waits for an admin, not for a retry, who sends it
   * back to `pending` or records it `settled`: paid back outside Stripe (decision 095).
   */
  status: 'pending' | 'sent' | 'refused' | 'settled';
  stripeRefundId: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
  /** When the retry may send it next: its creation, then later after each failed attempt (decision 095). */
  nextAttemptAt: number;
  /** How often an admin sent it to Stripe again after a refusal: each retry asks under an idempotency key of its own. */
  adminRetries: number;
  /** Settled outside Stripe: when, by which admin, and how the buyer was paid back (their words). */
  settledAt: number | null;
  settledBy: string | null;
  settledReference: string | null;
  /** Of the amount, what the buyer's bank had returned in a chargeback decided for them (the rest the platform paid). */
  coveredByChargebackCents: number;
}

/** A user's choice of optional mail; no row means the defaults (every mail on). */
export interface EmailPreferencesTable {
  userId: string;
  /** A mail when a message waits unread (decision 163). */
  unreadMessages: boolean;
  /** An admin's mail when a dispute, payout request or chargeback waits for admins (decision 189). */
  adminWaiting: Generated<boolean>;
  /** A mail when a favorite's price drops (decision 196). */
  priceDrops: Generated<boolean>;
  updatedAt: number;
}

/** A member's saved /browse search (decision 167). */
export interface SavedSearchesTable {
  id: string;
  userId: string;
  /** The canonical /browse query string of its filters. */
  query: string;
  createdAt: number;
  /** New listings published up to this time were looked for (and mailed). */
  checkedAt: number;
  /** Whether new listings are mailed; off from the mail's Unsubscribe link or the saved searches page (decision 216). */
  alerts: Generated<boolean>;
}

/** A member's authenticator key (decision 168); pending until `enabledAt` is set by a first code. */
export interface TwoFactorTable {
  userId: string;
  /** Sealed by the app's cipher (lib/app-cipher.ts), bound to the user id. */
  secret: string;
  createdAt: number;
  enabledAt: number | null;
  /** The last TOTP time step a code was accepted for: a code never works twice. */
  lastStep: number | null;
  /** A pending key's code mailed to the account's address, as a keyed digest; null once on (decision 175). */
  emailCode: string | null;
}

/** A one-time recovery code, as its SHA-256. */
export interface RecoveryCodesTable {
  userId: string;
  codeHash: string;
  usedAt: number | null;
}

/** A browser an account signed in from (decision 170): the hash of its device cookie. */
export interface KnownDevicesTable {
  userId: string;
  deviceHash: string;
  createdAt: number;
  lastSeenAt: number;
}

/** A member's passkey (decision 171): a WebAuthn credential, by the id its authenticator gave it. */
export interface PasskeysTable {
  id: string;
  userId: string;
  /** base64url, as the browser sends it back at sign-in. */
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  /** The authenticator's signature counter; 0 for authenticators that keep none (most synced passkeys). */
  counter: number;
  /** JSON array of transport hints for the browser. */
  transports: string;
  synced: boolean;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/** A WebAuthn challenge handed out and not yet used: registration (with its user) or sign-in (without). */
export interface PasskeyChallengesTable {
  challenge: string;
  purpose: 'register' | 'signin';
  userId: string | null;
  expiresAt: number;
}

/** A buyer's offer on a negotiable listing (decision 180); `expiresAt` ends the answer or, once accepted, the purchase. */
export interface OffersTable {
  id: string;
  listingId: string;
  buyerId: string;
  sellerId: string;
  amountCents: number;
  currency: string;
  /** The listing's title and price when the offer was made. */
  listingTitle: string;
  listingPriceCents: number;
  status: OfferStatus;
  createdAt: number;
  updatedAt: number;
  expiresAt: number;
  /** The order that used it. */
  orderId: string | null;
  /** The seller's price in answer (a counter-offer). */
  counterCents?: number | null;
  /** When to mail the buyer that the accepted offer ends soon; cleared once sent. */
  reminderAt?: number | null;
}

export interface DB {
  users: UsersTable;
  authTokens: AuthTokensTable;
  authThrottle: AuthThrottleTable;
  passwordResetRequests: PasswordResetRequestsTable;
  accountEvents: AccountEventsTable;
  offers: OffersTable;
  sessions: SessionsTable;
  deletedUsers: DeletedUsersTable;
  mailOutbox: MailOutboxTable;
  rateLimits: RateLimitsTable;
  feedback: FeedbackTable;
  reports: ReportsTable;
  listings: ListingsTable;
  listingImages: ListingImagesTable;
  socketLeases: SocketLeasesTable;
  appMeta: AppMetaTable;
  conversations: ConversationsTable;
  auditLog: AuditLogTable;
  favorites: FavoritesTable;
  reviews: ReviewsTable;
  announcements: AnnouncementsTable;
  announcementTargets: AnnouncementTargetsTable;
  announcementStates: AnnouncementStatesTable;
  messages: MessagesTable;
  chatAttachments: ChatAttachmentsTable;
  userBlocks: UserBlocksTable;
  trafficDays: TrafficDaysTable;
  trafficHours: TrafficHoursTable;
  trafficPaths: TrafficPathsTable;
  trafficDimensions: TrafficDimensionsTable;
  trafficVisitors: TrafficVisitorsTable;
  trafficSessions: TrafficSessionsTable;
  orders: OrdersTable;
  checkoutRequests: CheckoutRequestsTable;
  orderHistory: OrderHistoryTable;
  credentialReveals: CredentialRevealsTable;
  disputeStatements: DisputeStatementsTable;
  disputeEvidence: DisputeEvidenceTable;
  ledgerAccounts: LedgerAccountsTable;
  ledgerTransactions: LedgerTransactionsTable;
  ledgerEntries: LedgerEntriesTable;
  payouts: PayoutsTable;
  stripeRefunds: StripeRefundsTable;
  chargebacks: ChargebacksTable;
  emailPreferences: EmailPreferencesTable;
  savedSearches: SavedSearchesTable;
  twoFactor: TwoFactorTable;
  recoveryCodes: RecoveryCodesTable;
  knownDevices: KnownDevicesTable;
  passkeys: PasskeysTable;
  payoutMethods: PayoutMethodsTable;
  passkeyChallenges: PasskeyChallengesTable;
}

/** Every boolean column, by its camelCase name. Add new boolean columns here. */
export const BOOLEAN_COLUMNS = new Set<string>([
  'priceDrops',
  'profileComplete',
  'emailVerified',
  'disabled',
  'remember',
  'negotiable',
  'verified',
  'originalEmail',
  'twoFactorRemovable',
  'read',
  'dismissed',
  'lastMessageAttachment',
  'isActive',
  'unreadMessages',
  'adminWaiting',
  'synced',
  'alerts',
]);
