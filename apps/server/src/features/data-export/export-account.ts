import type { Database } from '../../db/database';
import { ACCOUNT_EVENT_LABELS } from '@accountry/shared/account-activity';
import { accountEventsKeptSince, deviceOf } from '../../lib/account-events';
import { fullUrl, isoTime } from './export-values';
import type { ExportRun } from './export-run';
import { isLive } from '../../sessions/sessions.repository';

/** The account itself: who the member is, how they sign in (never the secrets), where they are signed in. */
export async function accountSection(db: Database, { userId, sessionId, liveSince }: ExportRun) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'emailVerified', 'displayName', 'phoneNumber', 'role', 'createdAt', 'lastActive'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const twoFactor = await db
    .selectFrom('twoFactor')
    .select('enabledAt')
    .where('userId', '=', userId)
    .executeTakeFirst();
  const passkeys = await db
    .selectFrom('passkeys')
    .select(['name', 'synced', 'createdAt', 'lastUsedAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .execute();
  const prefs = await db
    .selectFrom('emailPreferences')
    .select(['unreadMessages', 'adminWaiting', 'priceDrops'])
    .where('userId', '=', userId)
    .executeTakeFirst();
  const payout = await db
    .selectFrom('payoutMethods')
    .select(['kind', 'summary', 'changedAt'])
    .where('userId', '=', userId)
    .executeTakeFirst();
  const sessions = await db
    .selectFrom('sessions')
    .select(['id', 'createdAt', 'lastActive', 'userAgent', 'ip', 'remember'])
    .where('userId', '=', userId)
    .where((eb) => isLive(eb, liveSince))
    .orderBy('createdAt')
    .execute();
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    displayName: user.displayName,
    phoneNumber: user.phoneNumber,
    role: user.role,
    createdAt: isoTime(user.createdAt),
    lastActive: isoTime(user.lastActive),
    twoFactorSignIn: { on: !!twoFactor?.enabledAt, since: isoTime(twoFactor?.enabledAt) },
    passkeys: passkeys.map((p) => ({
      name: p.name,
      synced: p.synced,
      addedAt: isoTime(p.createdAt),
      lastUsedAt: isoTime(p.lastUsedAt),
    })),
    emailPreferences: {
      unreadMessages: prefs?.unreadMessages ?? true,
      priceDrops: prefs?.priceDrops ?? true,
      // An admin's choice only (decision 189).
      ...(user.role === 'admin' ? { adminWaiting: prefs?.adminWaiting ?? true } : {}),
    },
    payoutDetails: payout ? { kind: payout.kind, summary: payout.summary, changedAt: isoTime(payout.changedAt) } : null,
    signedInDevices: sessions.map((s) => ({
      usedForThisDownload: s.id === sessionId,
      device: deviceOf(s.userAgent),
      userAgent: s.userAgent,
      ip: s.ip,
      rememberMe: s.remember,
      signedInAt: isoTime(s.createdAt),
      lastActive: isoTime(s.lastActive),
    })),
  };
}

/** The security activity as the profile shows it: a year, oldest first. */
export async function securityActivitySection(db: Database, { userId, now }: ExportRun) {
  const events = await db
    .selectFrom('accountEvents')
    .select(['kind', 'createdAt', 'ip', 'device'])
    .where('userId', '=', userId)
    .where('createdAt', '>=', accountEventsKeptSince(now))
    .where('createdAt', '<=', now)
    .orderBy('createdAt')
    .execute();
  return events.map((e) => ({
    kind: e.kind,
    kindLabel: ACCOUNT_EVENT_LABELS[e.kind],
    at: isoTime(e.createdAt),
    ip: e.ip,
    device: e.device,
  }));
}

/** Every listing the member made, deleted ones too (they stay for the orders and chats that name them). */
export async function listingsSection(db: Database, { userId, now, publicUrl }: ExportRun) {
  const listings = await db
    .selectFrom('listings')
    .selectAll()
    .where('sellerId', '=', userId)
    .where('createdAt', '<=', now)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  const images = await db
    .selectFrom('listingImages as i')
    .innerJoin('listings as l', 'l.id', 'i.listingId')
    .select(['i.listingId', 'i.url'])
    .where('l.sellerId', '=', userId)
    .orderBy('i.listingId')
    .orderBy('i.position')
    .execute();
  const photos = new Map<string, string[]>();
  for (const i of images) {
    const list = photos.get(i.listingId) ?? [];
    list.push(fullUrl(publicUrl, i.url));
    photos.set(i.listingId, list);
  }
  return listings.map((l) => ({
    id: l.id,
    title: l.title,
    category: l.category,
    platform: l.platform,
    region: l.region,
    description: l.description,
    price: { cents: l.priceCents, currency: l.currency },
    negotiable: l.negotiable,
    level: l.level,
    itemsCount: l.itemsCount,
    followers: l.followers,
    engagementRate: l.engagementRate,
    accountAgeMonths: l.accountAgeMonths,
    verified: l.verified,
    originalEmail: l.originalEmail,
    twoFactorRemovable: l.twoFactorRemovable,
    deliveryMethod: l.deliveryMethod,
    deliveryTime: l.deliveryTime,
    protectionDays: l.protectionDays ?? null,
    status: l.status,
    hiddenReason: l.hiddenReason,
    // The seller's own words to the moderators while a review they asked for waits (decision 259).
    reviewRequest:
      l.reviewRequestedAt == null
        ? null
        : { requestedAt: isoTime(l.reviewRequestedAt), note: l.reviewRequestNote ?? '' },
    views: l.viewCount,
    favorites: l.favoriteCount,
    createdAt: isoTime(l.createdAt),
    updatedAt: isoTime(l.updatedAt),
    publishedAt: isoTime(l.publishedAt),
    soldAt: isoTime(l.soldAt),
    deletedAt: isoTime(l.deletedAt),
    photos: photos.get(l.id) ?? [],
  }));
}
