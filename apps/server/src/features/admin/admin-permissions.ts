import { ADMIN_MESSAGES } from '@accountry/shared/admin-messages';
import { isSelfAction, removesLastAdmin } from '@accountry/shared/admin-rules';
import type { Role } from '@accountry/shared/roles';
import { conflict, forbidden } from '../../lib/app-error';

/** The acting admin must still be an active admin when the change commits (another admin may have just demoted them). */
export function assertStillAdmin(activeAdmins: readonly string[], actorId: string) {
  if (!activeAdmins.includes(actorId)) throw forbidden(ADMIN_MESSAGES.notAdminAnymore);
}

/** Demoting, disabling or deleting the last active admin would lock everyone out of /admin. */
export function assertNotLastAdmin(activeAdmins: readonly string[], targetId: string) {
  if (removesLastAdmin(activeAdmins, targetId)) throw conflict(ADMIN_MESSAGES.lastAdmin);
}

export function canChangeRoleTo(activeAdmins: readonly string[], targetId: string, role: Role) {
  if (role !== 'admin') assertNotLastAdmin(activeAdmins, targetId);
}

export function assertNotSelf(actorId: string, targetId: string, message: string) {
  if (isSelfAction(actorId, targetId)) throw conflict(message);
}
