
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
  status: 'unresolved' | 'resolved';
  reason: string;
  deletedBy: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface MailOutboxTable {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: number;
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
}

export interface ConversationsTable {
  id: string;
  listingId: string;
  buyerId: string;
  sellerId: string;
  createdAt: number;
  /** Latest activity; the conversation list is ordered by it. */
  updatedAt: number;
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

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  deletedUsers: DeletedUsersTable;
  mailOutbox: MailOutboxTable;
  feedback: FeedbackTable;
  reports: ReportsTable;
  listings: ListingsTable;
  listingImages: ListingImagesTable;
  appMeta: AppMetaTable;
  conversations: ConversationsTable;
  auditLog: AuditLogTable;
}

/** Every boolean column, by its camelCase name. Add new boolean columns here. */
export const BOOLEAN_COLUMNS = new Set<string>([
  'profileComplete',
  'emailVerified',
  'disabled',
  'remember',
  'negotiable',
  'verified',
  'originalEmail',
  'twoFactorRemovable',
]);

