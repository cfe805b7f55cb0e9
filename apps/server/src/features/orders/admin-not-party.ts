import { isPartyTo } from '@accountry/shared/admin-rules';
import { forbidden } from '../../lib/app-error';

/**
 * Every admin action on an order or its money: an admin who is a party to it (the order's buyer or seller, the
 * payout's or balance's owner) is refused with a 403 that says another admin has to; as a party they go by the
 * member rules (decision 190).
 */
export function assertNotParty(adminId: string, partyIds: readonly string[], message: string) {
  if (isPartyTo(adminId, partyIds)) throw forbidden(message);
}

/** The buyer and seller of an order, the parties `assertNotParty` checks for an admin action on it. */
export const partiesOf = (order: { buyerId: string; sellerId: string }) => [order.buyerId, order.sellerId];
