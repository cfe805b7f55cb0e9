import type {
  UsersTable,
  SessionsTable,
  DeletedUsersTable,
  AuthTokensTable,
  AccountEventsTable,
  AuthThrottleTable,
  PasswordResetRequestsTable,
  EmailPreferencesTable,
  TwoFactorTable,
  RecoveryCodesTable,
  KnownDevicesTable,
  PasskeysTable,
  PasskeyChallengesTable,
} from './tables/accounts';
import type {
  MailOutboxTable,
  RateLimitMembersTable,
  RateLimitsTable,
  FeedbackTable,
  ReportsTable,
  SocketLeasesTable,
  AuditLogTable,
  AppMetaTable,
  AnnouncementsTable,
  AnnouncementTargetsTable,
  AnnouncementStatesTable,
} from './tables/site';
import type {
  ListingsTable,
  ListingImagesTable,
  FavoritesTable,
  ReviewsTable,
  SavedSearchesTable,
  OffersTable,
} from './tables/catalogue';
import type { ConversationsTable, MessagesTable, ChatAttachmentsTable, UserBlocksTable } from './tables/chat';
import type {
  TrafficDaysTable,
  TrafficHoursTable,
  TrafficPathsTable,
  TrafficDimensionsTable,
  TrafficVisitorsTable,
  TrafficSessionsTable,
} from './tables/traffic';
import type {
  OrdersTable,
  OrderHistoryTable,
  CredentialRevealsTable,
  DisputeStatementsTable,
  DisputeEvidenceTable,
  CheckoutRequestsTable,
  ChargebacksTable,
  RefundedPaymentDisputesTable,
  StripeRefundsTable,
} from './tables/orders';
import type {
  LedgerAccountsTable,
  LedgerTransactionsTable,
  LedgerEntriesTable,
  PayoutsTable,
  PayoutMethodsTable,
  BalanceCreditRequestsTable,
} from './tables/wallet';

export type * from './tables/accounts';
export type * from './tables/site';
export type * from './tables/catalogue';
export type * from './tables/chat';
export type * from './tables/traffic';
export type * from './tables/orders';
export type * from './tables/wallet';

/**
 * Table types as the code sees them (camelCase; the database uses snake_case).
 * Timestamps are epoch milliseconds (INTEGER / BIGINT); booleans are listed in BOOLEAN_COLUMNS
 * so SQLite's 0/1 come back as booleans like PostgreSQL's.
 */
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
  rateLimitMembers: RateLimitMembersTable;
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
  balanceCreditRequests: BalanceCreditRequestsTable;
  stripeRefunds: StripeRefundsTable;
  chargebacks: ChargebacksTable;
  refundedPaymentDisputes: RefundedPaymentDisputesTable;
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
  'codeChecked',
  'alerts',
]);
