import type { Generated } from 'kysely';
import type { AccountEventKind } from '@accountry/shared/account-activity';

// Members, their sessions and how they sign in. Conventions in ../schema.ts.

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
  /** A registration's: whether a two-factor code was checked when it was handed out (decision 172). */
  codeChecked: boolean;
}
