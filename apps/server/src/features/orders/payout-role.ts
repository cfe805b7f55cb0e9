import { WALLET_MESSAGES as W } from '@accountry/shared/order-messages';
import { canSell } from '@accountry/shared/roles';
import type { Role } from '@accountry/shared/roles';
import { forbidden } from '../../lib/app-error';

/**
 * Storing payout details and asking for a payout are a seller's (seller or both): a buyer-only member is refused with
 * the way to withdraw (a role change in the profile). Taking back what was asked as a seller stays open to them.
 */
export function assertMayTakePayouts(user: { role: Role }) {
  if (!canSell(user.role)) throw forbidden(W.payoutSellersOnly);
}
