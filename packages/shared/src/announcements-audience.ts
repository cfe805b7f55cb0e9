import type { Role } from './roles';
import { ROLES } from './roles';
import type { TargetRole, TargetUsers } from './announcements';

export interface AudienceUser {
  id: string;
  role: Role;
}

/**
 * Spec section 5: shown when targetUsers is all, equals the user's role, is 'both' and the user is a buyer or
 * seller, or is a list containing the user's id. (Dismissed ones are left out by the caller.)
 */
export function matchesAudience(targetUsers: TargetUsers, user: AudienceUser): boolean {
  if (Array.isArray(targetUsers)) return targetUsers.includes(user.id);
  if (targetUsers === 'all' || targetUsers === user.role) return true;
  return targetUsers === 'both' && (user.role === 'buyer' || user.role === 'seller');
}

/** The role strings that reach a user of this role (the same rule, for a database filter). */
export function targetRolesFor(role: Role): TargetRole[] {
  const kinds: TargetRole[] = ['all', role];
  if (role === 'buyer' || role === 'seller') kinds.push('both');
  return kinds;
}

/** The user roles a role string reaches (for realtime fan-out and audience sizes). */
export function rolesReachedBy(target: TargetRole): Role[] {
  return ROLES.filter((role) => matchesAudience(target, { id: '', role }));
}
