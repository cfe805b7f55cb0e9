import { SOCKET_CLOSE_REASONS } from '@accountry/shared/socket-protocol';
import {
  ADMIN_MESSAGES,
  ACCOUNT_DELETED_HIDDEN_REASON,
  ACCOUNT_DISABLED_HIDDEN_REASON,
} from '@accountry/shared/admin-messages';
import { ADMIN_ACTIONS } from '@accountry/shared/admin-audit';
import { ACCOUNT_DELETION_MESSAGES } from '@accountry/shared/account-deletion';
import {
  USER_LISTINGS_SHOWN,
  userState,
  type AdminUserDetail,
  type AdminUserSummary,
  type AdminUsersPage,
  type AdminUsersFilter,
} from '@accountry/shared/admin-users';
import type { Role } from '@accountry/shared/roles';
import type { AppDeps } from '../../app';
import type { Database } from '../../db/database';
import { conflict, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './admin-users.repository';
import * as list from './admin-users-list.repository';
import { hideSellerListings, unhideSellerListings } from './admin-listings.repository';
import { assertNotLastAdmin, assertNotSelf, assertStillAdmin, canChangeRoleTo } from './admin-permissions';
import { invalidateSessions } from '../../sessions/session-cache';
import { accountLock, lockKeys } from '../../db/key-lock';
import { adminCursor } from './sql-helpers';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findUser>>>;
type SummaryRow = Pick<
  Row,
  'id' | 'email' | 'displayName' | 'role' | 'emailVerified' | 'disabled' | 'createdAt' | 'lastActive' | 'deletedStatus'
>;

export function toSummary(r: SummaryRow): AdminUserSummary {
  return {
    id: r.id,
    email: r.email,
    displayName: r.displayName,
    role: r.role,
    emailVerified: r.emailVerified,
    state: userState({ disabled: r.disabled, deletedStatus: r.deletedStatus }),
    createdAt: r.createdAt,
    lastActive: r.lastActive,
  };
}

export async function listUsers(deps: AppDeps, input: AdminUsersFilter): Promise<AdminUsersPage> {
  const page = await list.listUsers(deps.db.db, deps.db.engine, { ...input, cursor: adminCursor(input.cursor) });
  return { items: page.items.map(toSummary), nextCursor: page.nextCursor };
}

export async function getUserDetail(deps: AppDeps, id: string): Promise<AdminUserDetail> {
  const db = deps.db.db;
  const row = await repo.findUser(db, id);
  if (!row) throw notFound(ADMIN_MESSAGES.userNotFound);
  const [activeSessions, listings, reports] = await Promise.all([
    repo.countSessions(db, id),
    repo.userListings(db, id, USER_LISTINGS_SHOWN),
    repo.reportsAbout(db, id, 50),
  ]);
  return {
    ...toSummary(row),
    phoneNumber: row.phoneNumber,
    profileComplete: row.profileComplete,
    disabled: row.disabled,
    activeSessions,
    deletion: row.deletedStatus
      ? {
          status: row.deletedStatus,
          reason: row.deletedReason ?? '',
          deletedBy: row.deletedBy ?? null,
          createdAt: row.deletedAt ?? 0,
          updatedAt: row.deletionUpdatedAt ?? 0,
          eraseAt: row.eraseAt ?? null,
          erasedAt: row.erasedAt ?? null,
        }
      : null,
    listings: listings.items.map((l) => ({ ...l, deletedAt: l.deletedAt ?? null })),
    listingCount: listings.count,
    reports,
  };
}

/**
 * Run a change to a user under the admin lock: the actor must still be an active admin, the target must exist,
 * and `fn` sees the active admins as of the lock, so concurrent changes cannot remove the last one.
 */
async function changeUser<T>(
  deps: AppDeps,
  actor: AuthUser,
  targetId: string,
  fn: (trx: Database, ctx: { target: Row; activeAdmins: string[]; now: number }) => Promise<T>,
): Promise<T> {
  const result = await deps.db.db.transaction().execute(async (trx) => {
    await repo.lockAdminRows(trx, deps.db.engine, [actor.id, targetId]);
    const target = await repo.findUser(trx, targetId);
    if (!target) throw notFound(ADMIN_MESSAGES.userNotFound);
    const activeAdmins = await repo.activeAdminIds(trx);
    assertStillAdmin(activeAdmins, actor.id);
    return fn(trx, { target, activeAdmins, now: deps.clock.now() });
  });
  // Role, disabled and deletion are read with the session on every request: cached sessions must not outlive them.
  await invalidateSessions(deps, { userId: targetId });
  return result;
}

const isDeleted = (row: Row) => row.deletedStatus === 'unresolved';

export async function changeRole(deps: AppDeps, actor: AuthUser, targetId: string, role: Role) {
  const before = await changeUser(deps, actor, targetId, async (trx, { target, activeAdmins, now }) => {
    if (isDeleted(target)) throw conflict(ADMIN_MESSAGES.deletedAccount);
    if (target.role === role) return target.role;
    canChangeRoleTo(activeAdmins, targetId, role);
    await repo.setRole(trx, targetId, role);
    await recordAudit(
      trx,
      {
        actorId: actor.id,
        action: ADMIN_ACTIONS.userRole,
        targetType: 'user',
        targetId,
        details: { from: target.role, to: role },
      },
      now,
    );
    return target.role;
  });
  // The socket hub keeps the role a socket connected with: close a former admin's sockets so admin-only pushes stop.
  if (before === 'admin' && role !== 'admin')
    await deps.hub.endSessions({ userId: targetId, reason: SOCKET_CLOSE_REASONS.signedOut });
  return getUserDetail(deps, targetId);
}

export async function disableUser(deps: AppDeps, actor: AuthUser, targetId: string, reason = '') {
  assertNotSelf(actor.id, targetId, ADMIN_MESSAGES.selfDisable);
  await changeUser(deps, actor, targetId, async (trx, { target, activeAdmins, now }) => {
    if (isDeleted(target)) throw conflict(ADMIN_MESSAGES.deletedAccount);
    if (target.disabled) throw conflict(ADMIN_MESSAGES.alreadyDisabled);
    assertNotLastAdmin(activeAdmins, targetId);
    await repo.setDisabled(trx, targetId, true);
    await repo.deleteAllSessions(trx, targetId);
    // Nobody can buy from an account that cannot sign in to deliver.
    const hidden = await hideSellerListings(trx, targetId, ACCOUNT_DISABLED_HIDDEN_REASON, now);
    await recordAudit(
      trx,
      {
        actorId: actor.id,
        action: ADMIN_ACTIONS.userDisable,
        targetType: 'user',
        targetId,
        details: { reason, hiddenListings: hidden.length },
      },
      now,
    );
  });
  await deps.hub.endSessions({ userId: targetId, reason: SOCKET_CLOSE_REASONS.signedOut });
  return getUserDetail(deps, targetId);
}

export async function enableUser(deps: AppDeps, actor: AuthUser, targetId: string, reason = '') {
  await changeUser(deps, actor, targetId, async (trx, { target, now }) => {
    if (isDeleted(target)) throw conflict(ADMIN_MESSAGES.deletedAccount);
    if (!target.disabled) throw conflict(ADMIN_MESSAGES.notDisabled);
    await repo.setDisabled(trx, targetId, false);
    const restored = await unhideSellerListings(trx, targetId, ACCOUNT_DISABLED_HIDDEN_REASON, now);
    await recordAudit(
      trx,
      {
        actorId: actor.id,
        action: ADMIN_ACTIONS.userEnable,
        targetType: 'user',
        targetId,
        details: { reason, restoredListings: restored },
      },
      now,
    );
  });
  return getUserDetail(deps, targetId);
}

/** Soft delete: sessions end, listings are hidden, and deleted_users(uid) says 'unresolved'; nothing is removed. */
export async function deleteUser(deps: AppDeps, actor: AuthUser, targetId: string, reason = '') {
  assertNotSelf(actor.id, targetId, ADMIN_MESSAGES.selfDelete);
  await changeUser(deps, actor, targetId, async (trx, { target, activeAdmins, now }) => {
    if (isDeleted(target)) throw conflict(ADMIN_MESSAGES.alreadyDeleted);
    assertNotLastAdmin(activeAdmins, targetId);
    await closeAccount(trx, { userId: targetId, actorId: actor.id, reason, now, eraseAt: null });
  });
  await deps.hub.endSessions({ userId: targetId, reason: SOCKET_CLOSE_REASONS.signedOut });
  return getUserDetail(deps, targetId);
}

/**
 * Deletion, by an admin or by the member (`actorId` their own id): the account is treated as deleted (no sign-in, no
 * trade), its sessions end and its listings are hidden, all in the caller's transaction; audited. `eraseAt`: when the
 * member's personal data goes unless an admin restores the account first (decision 164).
 */
export async function closeAccount(
  trx: Database,
  input: { userId: string; actorId: string; reason: string; now: number; eraseAt: number | null },
) {
  const { userId, actorId, reason, now, eraseAt } = input;
  // Under the account's lock, decided on the state it holds: a deletion made meanwhile is not written over.
  await lockKeys(trx, [accountLock(userId)]);
  const current = await trx.selectFrom('deletedUsers').select('status').where('uid', '=', userId).executeTakeFirst();
  if (current?.status === 'unresolved') throw conflict(ADMIN_MESSAGES.alreadyDeleted);
  await repo.markDeleted(trx, userId, { reason, deletedBy: actorId, now, eraseAt });
  await repo.deleteAllSessions(trx, userId);
  const hidden = await hideSellerListings(trx, userId, ACCOUNT_DELETED_HIDDEN_REASON, now);
  await recordAudit(
    trx,
    {
      actorId,
      action: ADMIN_ACTIONS.userDelete,
      targetType: 'user',
      targetId: userId,
      details: { reason, hiddenListings: hidden.length },
    },
    now,
  );
}

/** Restore: the record becomes 'resolved' (sign-in works again) and the listings the deletion hid come back. */
export async function restoreUser(deps: AppDeps, actor: AuthUser, targetId: string, reason = '') {
  await changeUser(deps, actor, targetId, async (trx, { target, now }) => {
    if (!isDeleted(target)) throw conflict(ADMIN_MESSAGES.notDeleted);
    if (target.erasedAt !== null) throw conflict(ACCOUNT_DELETION_MESSAGES.erased);
    await repo.markRestored(trx, targetId, now);
    const restored = await unhideSellerListings(trx, targetId, ACCOUNT_DELETED_HIDDEN_REASON, now);
    await recordAudit(
      trx,
      {
        actorId: actor.id,
        action: ADMIN_ACTIONS.userRestore,
        targetType: 'user',
        targetId,
        details: { reason, restoredListings: restored },
      },
      now,
    );
  });
  return getUserDetail(deps, targetId);
}
