import { ANNOUNCEMENTS_CHANGED, type Notification, type TargetUsers } from '@accountry/shared/announcements';
import { rolesReachedBy } from '@accountry/shared/announcements-audience';
import type { Role } from '@accountry/shared/roles';
import type { AppDeps } from '../../app';
import type { Audience } from '../../realtime/bus';

// NOTIFY payloads stay under ~7.9 kB; longer id lists are sent to everyone (the message holds no private data).
const MAX_IDS_IN_EVENT = 200;

/** Everyone any of these audiences reaches (old and new audience of an edit, so both sides refresh). */
export function realtimeAudience(targets: TargetUsers[]): Audience {
  const roles = new Set<Role>();
  const userIds = new Set<string>();
  for (const t of targets) {
    if (t === 'all') return { all: true };
    if (Array.isArray(t)) t.forEach((id) => userIds.add(id));
    else rolesReachedBy(t).forEach((r) => roles.add(r));
  }
  if (userIds.size > MAX_IDS_IN_EVENT) return { all: true };
  return { ...(roles.size ? { roles: [...roles] } : {}), ...(userIds.size ? { userIds: [...userIds] } : {}) };
}

export type AnnouncementAction = 'created' | 'updated' | 'recalled' | 'deleted' | 'sent';

/**
 * Tell the targeted users' open tabs to refresh their banner. Only changes that touch an active announcement
 * (before or after) can change what a banner shows. A failed publish is not the admin's error: banners also
 * refresh on navigation and every 5 minutes.
 */
export async function publishAnnouncementChange(
  deps: AppDeps,
  action: AnnouncementAction,
  before: Notification | null,
  after: Notification | null,
) {
  const touched = [before, after].filter((n): n is Notification => !!n && n.status === 'active');
  if (!touched.length) return;
  await deps.hub.publish(realtimeAudience(touched.map((n) => n.targetUsers)), ANNOUNCEMENTS_CHANGED, {
    id: (after ?? before)!.id,
    action,
  });
}
