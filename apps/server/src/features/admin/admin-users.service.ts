import { SOCKET_CLOSE_REASONS } from '@accountry/shared/socket-protocol';
import { ADMIN_MESSAGES } from '@accountry/shared/admin-messages';
import { ADMIN_ACTIONS } from '@accountry/shared/admin-audit';
import { ACCOUNT_DELETION_MESSAGES } from '@accountry/shared/account-deletion';
import { canSell, type Role } from '@accountry/shared/roles';
import type { AppDeps } from '../../app';
import type { Database } from '../../db/database';
import { conflict } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './admin-users.repository';
import { changeUser, isDeleted, type UserChange } from './admin-user-change';
import { hideSellerListings, unhideSellerListings } from './admin-listings.repository';
import { assertNotLastAdmin, assertNotSelf, canChangeRoleTo } from './admin-permissions';
import { accountLock, lockKeys } from '../../db/key-lock';
import { cancelOrdersOfClosedAccount, type ClosedOrders } from '../orders/account-closure.service';
import { getUserDetail } from './admin-user-detail.service';
import { availableAccount, balanceOf, heldAccount } from '../../lib/ledger';
import { queueAccountMail, roleMove } from './account-mails';
import { assertNothingForSale, lockSellerListings } from '../listings/seller-standing.service';

export async function changeRole(deps: AppDeps, actor: AuthUser, targetId: string, role: Role) {
  const change = async (trx: Database, { target, activeAdmins, now }: UserChange) => {
    if (isDeleted(target)) throw conflict(ADMIN_MESSAGES.deletedAccount);
    if (target.role === role) return target.role;
    canChangeRoleTo(activeAdmins, targetId, role);
    // As a member's own switch (decision 237): one who can no longer sell must have nothing left for sale.
    if (canSell(target.role) && !canSell(role))
      await assertNothingForSale(trx, targetId, ADMIN_MESSAGES.memberListingsForSale);
    await repo.setRole(trx, targetId, role);
    const move = roleMove(target.role, role);
    if (move) await queueAccountMail(trx, deps.config.publicUrl, targetId, move, now);
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
  };
  // The seller's listings lock, as a publish takes it before reading the stored role: the two never cross.
  const before = await changeUser(deps, actor, targetId, change, sellerListingsFirst(targetId));
  // The socket hub keeps the role a socket connected with (a former admin's carried admin-only pushes): the member's
  // sockets close, and their still signed-in tabs open new ones with the role they now have.
  if (before !== role) await deps.hub.endSessions({ userId: targetId, reason: SOCKET_CLOSE_REASONS.sessionChanged });
  return getUserDetail(deps, targetId);
}

/**
 * A change of what the member may sell, or of what they have for sale, under the lock a publish takes (decision 237):
 * taking selling away never crosses a listing put back on sale.
 */
const sellerListingsFirst = (memberId: string) => ({
  lockFirst: (trx: Database) => lockSellerListings(trx, memberId),
});

/** The audit details of the orders a closing canceled. */
const ordersDetails = (orders: ClosedOrders) => ({ canceledOrders: orders.canceled, refundedOrders: orders.refunded });

/** Disabling closes the account for now: no sign-in, listings hidden, its open orders canceled (decision 169). */
export async function disableUser(deps: AppDeps, actor: AuthUser, targetId: string, reason = '') {
  assertNotSelf(actor.id, targetId, ADMIN_MESSAGES.selfDisable);
  const orders = await changeUser(
    deps,
    actor,
    targetId,
    async (trx, { target, activeAdmins, now }) => {
      if (isDeleted(target)) throw conflict(ADMIN_MESSAGES.deletedAccount);
      if (target.disabled) throw conflict(ADMIN_MESSAGES.alreadyDisabled);
      assertNotLastAdmin(activeAdmins, targetId);
      await repo.setDisabled(trx, targetId, true);
      await repo.deleteAllSessions(trx, targetId);
      await queueAccountMail(trx, deps.config.publicUrl, targetId, 'disabled', now);
      // Nobody can buy from an account that cannot sign in to deliver; hidden first, so its canceled orders leave
      // their listings hidden rather than for sale.
      const hidden = await hideSellerListings(trx, targetId, 'disabled', now);
      const closed = { userId: targetId, actorId: actor.id, how: 'disabled' as const, now };
      const orders = await cancelOrdersOfClosedAccount(deps, trx, closed);
      await recordAudit(
        trx,
        {
          actorId: actor.id,
          action: ADMIN_ACTIONS.userDisable,
          targetType: 'user',
          targetId,
          details: { reason, hiddenListings: hidden.length, ...ordersDetails(orders) },
        },
        now,
      );
      return orders;
    },
    { closing: true },
  );
  await deps.hub.endSessions({ userId: targetId, reason: SOCKET_CLOSE_REASONS.signedOut });
  await orders.settle();
  return getUserDetail(deps, targetId);
}

/** Enable: sign-in works again and the listings the disabling hid come back; canceled orders stay canceled. */
export async function enableUser(deps: AppDeps, actor: AuthUser, targetId: string, reason = '') {
  await changeUser(
    deps,
    actor,
    targetId,
    async (trx, { target, now }) => {
      if (isDeleted(target)) throw conflict(ADMIN_MESSAGES.deletedAccount);
      if (!target.disabled) throw conflict(ADMIN_MESSAGES.notDisabled);
      await repo.setDisabled(trx, targetId, false);
      await queueAccountMail(trx, deps.config.publicUrl, targetId, 'enabled', now);
      const restored = await unhideSellerListings(trx, targetId, 'disabled', now);
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
    },
    sellerListingsFirst(targetId),
  );
  return getUserDetail(deps, targetId);
}

/**
 * A deleted account cannot ask for a payout, so money left in its wallet would wait for nobody (decision 184). Read
 * under the account's lock, which a balance credit also takes.
 */
async function refuseWhileMoneyHeld(trx: Database, userId: string) {
  await lockKeys(trx, [accountLock(userId)]);
  const available = await balanceOf(trx, availableAccount(userId));
  const held = await balanceOf(trx, heldAccount(userId));
  if (available > 0 || held > 0) throw conflict(ADMIN_MESSAGES.walletNotEmpty(available, held));
}

/**
 * Soft delete: sessions end, listings are hidden, open orders are canceled (decision 169), and deleted_users(uid)
 * says 'unresolved'; nothing is removed.
 */
export async function deleteUser(deps: AppDeps, actor: AuthUser, targetId: string, reason = '') {
  assertNotSelf(actor.id, targetId, ADMIN_MESSAGES.selfDelete);
  const orders = await changeUser(
    deps,
    actor,
    targetId,
    async (trx, { target, activeAdmins, now }) => {
      if (isDeleted(target)) throw conflict(ADMIN_MESSAGES.alreadyDeleted);
      assertNotLastAdmin(activeAdmins, targetId);
      await refuseWhileMoneyHeld(trx, targetId);
      // Before closeAccount marks it deleted, after which the account gets no mail.
      await queueAccountMail(trx, deps.config.publicUrl, targetId, 'deleted', now);
      const closed = { userId: targetId, actorId: actor.id, how: 'deleted' as const, now };
      return closeAccount(trx, {
        userId: targetId,
        actorId: actor.id,
        reason,
        now,
        eraseAt: null,
        closeOrders: () => cancelOrdersOfClosedAccount(deps, trx, closed),
      });
    },
    { closing: true },
  );
  await deps.hub.endSessions({ userId: targetId, reason: SOCKET_CLOSE_REASONS.signedOut });
  await orders?.settle();
  return getUserDetail(deps, targetId);
}

/**
 * Deletion, by an admin or by the member (`actorId` their own id): the account is treated as deleted (no sign-in, no
 * trade), its sessions end and its listings are hidden, all in the caller's transaction; audited. `eraseAt`: when the
 * member's personal data goes unless an admin restores the account first (decision 164). `closeOrders`: an admin's
 * deletion cancels the open orders once the listings are hidden (a member's own is refused while any are open); what
 * it canceled is returned.
 */
export async function closeAccount(
  trx: Database,
  input: {
    userId: string;
    actorId: string;
    reason: string;
    now: number;
    eraseAt: number | null;
    closeOrders?: () => Promise<ClosedOrders>;
  },
) {
  const { userId, actorId, reason, now, eraseAt } = input;
  // Under the account's lock, decided on the state it holds: a deletion made meanwhile is not written over.
  await lockKeys(trx, [accountLock(userId)]);
  const current = await trx.selectFrom('deletedUsers').select('status').where('uid', '=', userId).executeTakeFirst();
  if (current?.status === 'unresolved') throw conflict(ADMIN_MESSAGES.alreadyDeleted);
  await repo.markDeleted(trx, userId, { reason, deletedBy: actorId, now, eraseAt });
  await repo.deleteAllSessions(trx, userId);
  const hidden = await hideSellerListings(trx, userId, 'deleted', now);
  const orders = input.closeOrders ? await input.closeOrders() : null;
  await recordAudit(
    trx,
    {
      actorId,
      action: ADMIN_ACTIONS.userDelete,
      targetType: 'user',
      targetId: userId,
      details: { reason, hiddenListings: hidden.length, ...(orders ? ordersDetails(orders) : {}) },
      byMember: actorId === userId,
    },
    now,
  );
  return orders;
}

/**
 * Restore: the record becomes 'resolved' (sign-in works again) and the listings the deletion hid come back; the
 * orders it canceled stay canceled (decision 169).
 */
export async function restoreUser(deps: AppDeps, actor: AuthUser, targetId: string, reason = '') {
  await changeUser(
    deps,
    actor,
    targetId,
    async (trx, { target, now }) => {
      if (!isDeleted(target)) throw conflict(ADMIN_MESSAGES.notDeleted);
      if (target.erasedAt !== null) throw conflict(ACCOUNT_DELETION_MESSAGES.erased);
      await repo.markRestored(trx, targetId, now);
      const move = target.disabled ? 'restoredSuspended' : 'restored';
      await queueAccountMail(trx, deps.config.publicUrl, targetId, move, now);
      const restored = await unhideSellerListings(trx, targetId, 'deleted', now);
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
    },
    sellerListingsFirst(targetId),
  );
  return getUserDetail(deps, targetId);
}
