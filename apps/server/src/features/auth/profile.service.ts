import { queuePasswordChangedMail } from './password-changed';
import { FIELD_MESSAGES, passwordProblems } from '@accountry/shared/account-rules';
import { ACCOUNT_MESSAGES } from '@accountry/shared/auth-messages';
import { canSell, type SelfRole } from '@accountry/shared/roles';
import { SOCKET_CLOSE_REASONS } from '@accountry/shared/socket-protocol';
import type { AppDeps } from '../../app';
import type { Database } from '../../db/database';
import { badRequest } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { authErrors } from './auth-errors';
import { hashPassword } from '../../lib/password';
import { deleteUserSessions } from '../../sessions/sessions.repository';
import { confirmPassword } from './confirm-password.service';
import { requireCodeIfOn, requireCodeStillIfOn } from './two-factor.service';
import { invalidateSessions } from '../../sessions/session-cache';
import { findUserById, updateOwnProfile, updateUser } from './users.repository';
import { assertStateUnchanged } from '../../lib/state-change';
import { retireAccountLinks } from './tokens.repository';
import { holdPayouts } from '../orders/payout-hold.service';
import { recordAccountEvent, type EventOrigin } from '../../lib/account-events';
import { lockLiveSession } from '../../sessions/sessions.service';
import { whileNothingForSale } from '../listings/seller-standing.service';

export interface ProfilePatch {
  displayName?: string;
  phoneNumber?: string;
  role?: SelfRole;
}

/** An admin's role is granted and withdrawn only in the admin area, never from the profile. */
export const canChangeOwnRole = (user: Pick<AuthUser, 'role'>) => user.role !== 'admin';

export async function updateProfile(deps: AppDeps, user: AuthUser, patch: ProfilePatch) {
  const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as ProfilePatch;
  if (Object.keys(set).length === 0) throw badRequest(ACCOUNT_MESSAGES.nothingToUpdate);
  if (set.role !== undefined && !canChangeOwnRole(user)) throw authErrors.adminRoleLocked();
  // The session's role may be seconds old (decision 102): a role change holds only if the role is still the one
  // decided on, so it never undoes an admin's change made meanwhile (409, nothing written).
  const roleSeen = set.role === undefined ? undefined : user.role;
  const write = (db: Database) => updateOwnProfile(db, user.id, roleSeen, set);
  // A seller who stops selling must not leave listings for sale that they could no longer manage (decision 237).
  const stopsSelling = set.role !== undefined && canSell(user.role) && !canSell(set.role);
  const written = await (stopsSelling ? whileNothingForSale(deps.db.db, user.id, write) : write(deps.db.db));
  // Refused or not, the held session reads the row again, so the reload the 409 asks for shows the new role.
  await invalidateSessions(deps, { userId: user.id });
  assertStateUnchanged(written);
  // The member's sockets carry the role they opened with: they close, and the still signed-in tabs open new ones.
  if (set.role !== undefined && set.role !== user.role)
    await deps.hub.endSessions({ userId: user.id, reason: SOCKET_CLOSE_REASONS.sessionChanged });
  return (await findUserById(deps.db.db, user.id))!;
}

/**
 * Change the password knowing the current one, and with two-factor sign-in on a code (decision 172). Wrong guesses
 * count toward the sign-in lock-out (a stolen session must not become a password oracle); on success every other
 * session ends.
 */
export async function changePassword(
  deps: AppDeps,
  user: AuthUser,
  sessionId: string,
  input: { currentPassword: string; newPassword: string; code?: string },
  ip: string,
) {
  const db = deps.db.db;
  const now = deps.clock.now();
  await confirmPassword(deps, user, input.currentPassword, ip, 'currentPassword');
  if (input.currentPassword === input.newPassword)
    throw badRequest(ACCOUNT_MESSAGES.samePassword, { newPassword: ACCOUNT_MESSAGES.samePassword });
  if (passwordProblems(input.newPassword, user.email).includes(FIELD_MESSAGES.passwordContainsEmail)) {
    throw badRequest(FIELD_MESSAGES.passwordContainsEmail, { newPassword: FIELD_MESSAGES.passwordContainsEmail });
  }
  // Last of the checks, so a refused new password does not spend a code.
  const asked = await requireCodeIfOn(deps, user, input.code, ip);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (trx) => {
    await lockLiveSession(trx, user.id, sessionId);
    await requireCodeStillIfOn(trx, user.id, asked);
    await recordAccountEvent(trx, user.id, 'password_changed', now, { ip });
    await updateUser(trx, user.id, { passwordHash });
    await deleteUserSessions(trx, user.id, sessionId);
    // A reset link or an address change asked for before the change must not undo it.
    await retireAccountLinks(trx, user.id, now);
    await holdPayouts(trx, user.id, now);
    await queuePasswordChangedMail(deps, trx, user.id, 'changed', now);
  });
  await deps.hub.endSessions({
    userId: user.id,
    exceptSessionId: sessionId,
    reason: SOCKET_CLOSE_REASONS.signedOut,
  });
}

/** Every session of the member ends, the asking one too (sockets close on every process); their activity records it. */
export async function signOutEverywhere(deps: AppDeps, user: AuthUser, origin: EventOrigin) {
  await deps.db.db.transaction().execute(async (trx) => {
    await deleteUserSessions(trx, user.id);
    await recordAccountEvent(trx, user.id, 'signed_out_everywhere', deps.clock.now(), origin);
  });
  await deps.hub.endSessions({ userId: user.id, reason: SOCKET_CLOSE_REASONS.signedOut });
}
