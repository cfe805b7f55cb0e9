import {
  MAX_USER_ANNOUNCEMENTS,
  NOTIFICATION_MESSAGES as M,
  type UserNotification,
} from '@accountry/shared/announcements';
import type { AudienceUser } from '@accountry/shared/announcements-audience';
import type { AppDeps } from '../../app';
import { badRequest, notFound } from '../../lib/app-error';
import { expireOverdueAnnouncements } from './announcements.service';
import { countUnread, saveVisibleStates, userAnnouncements } from './user-announcements.repository';

function requireUserId(user: AudienceUser | null | undefined): AudienceUser {
  if (!user?.id) throw badRequest(M.userIdRequired);
  return user;
}

function requireBoth(user: AudienceUser | null | undefined, notificationId: string | undefined) {
  if (!user?.id || !notificationId) throw badRequest(M.userAndNotificationRequired);
  return { user, notificationId };
}

/** Users act only on announcements they can see at the write; anything else is 'Notification not found'. */
async function saveOneState(deps: AppDeps, user: AudienceUser, id: string, dismiss: boolean) {
  if (!(await saveVisibleStates(deps.db.db, user, id, deps.clock.now(), dismiss))) throw notFound(M.notFound);
}

/** The user's active, matching, not dismissed announcements, newest first (overdue ones are expired first). */
export async function getUserNotifications(deps: AppDeps, user: AudienceUser | null): Promise<UserNotification[]> {
  const u = requireUserId(user);
  const now = deps.clock.now();
  await expireOverdueAnnouncements(deps.db.db, now);
  return userAnnouncements(deps.db.db, u, now, MAX_USER_ANNOUNCEMENTS);
}

/** Unread becomes read (shown in the banner, or marked read). */
export async function markRead(deps: AppDeps, user: AudienceUser | null, notificationId: string | undefined) {
  const ids = requireBoth(user, notificationId);
  await saveOneState(deps, ids.user, ids.notificationId, false);
}

/** Dismiss sets read and dismissed both true. */
export async function dismiss(deps: AppDeps, user: AudienceUser | null, notificationId: string | undefined) {
  const ids = requireBoth(user, notificationId);
  await saveOneState(deps, ids.user, ids.notificationId, true);
}

/** Dismiss every announcement the user currently sees, in one statement. */
export async function dismissAll(deps: AppDeps, user: AudienceUser | null): Promise<number> {
  return saveVisibleStates(deps.db.db, requireUserId(user), null, deps.clock.now(), true);
}

/** Spec section 8: a failing unread count reports 0. */
export async function unreadCount(deps: AppDeps, user: AudienceUser | null): Promise<number> {
  try {
    return await countUnread(deps.db.db, requireUserId(user), deps.clock.now());
  } catch {
    return 0;
  }
}
