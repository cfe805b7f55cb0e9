/**
 * Domain rules of the admin area, pure so both sides and the table-driven tests share them.
 * "Active admins" are admins who are neither disabled nor deleted.
 */

/** True when taking the target's admin rights away (demote, disable, delete) would leave no active admin. */
export function removesLastAdmin(activeAdminIds: readonly string[], targetId: string): boolean {
  return activeAdminIds.includes(targetId) && activeAdminIds.every((id) => id === targetId);
}

/** An admin may not lock themself out; someone else has to do it. */
export function isSelfAction(actorId: string, targetId: string): boolean {
  return actorId === targetId;
}

/**
 * An admin acting as admin is no party to what they act on (an order's buyer or seller, a payout's or balance's
 * owner): a party goes by the member rules, and another admin does what only an admin may.
 */
export function isPartyTo(actorId: string, partyIds: readonly string[]): boolean {
  return partyIds.some((id) => isSelfAction(actorId, id));
}
