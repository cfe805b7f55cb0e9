import {
  USER_LISTINGS_SHOWN,
  userState,
  type AdminUserDetail,
  type AdminUserSummary,
  type AdminUsersPage,
  type AdminUsersFilter,
} from '@accountry/shared/admin-users';
import { ADMIN_MESSAGES } from '@accountry/shared/admin-messages';
import type { AppDeps } from '../../app';
import { notFound } from '../../lib/app-error';
import { openOrdersOf } from '../orders/account-closure.service';
import { enabledKey } from '../auth/two-factor.service';
import { passkeyCount } from '../auth/passkeys.service';
import * as repo from './admin-users.repository';
import * as list from './admin-users-list.repository';
import { adminCursor } from './sql-helpers';

export type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUser>>>;
type SummaryRow = Pick<
  UserRow,
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
  const [activeSessions, listings, reports, openOrders, twoFactor, passkeys] = await Promise.all([
    repo.countSessions(db, id),
    repo.userListings(db, id, USER_LISTINGS_SHOWN),
    repo.reportsAbout(db, id, 50),
    openOrdersOf(db, id),
    enabledKey(db, id),
    passkeyCount(db, id),
  ]);
  return {
    ...toSummary(row),
    phoneNumber: row.phoneNumber,
    profileComplete: row.profileComplete,
    disabled: row.disabled,
    activeSessions,
    twoFactor: twoFactor !== undefined,
    passkeys,
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
    openOrders,
  };
}
