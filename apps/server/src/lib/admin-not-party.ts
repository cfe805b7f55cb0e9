import { isPartyTo } from '@accountry/shared/admin-rules';
import { forbidden } from './app-error';

/**
 * Every admin action on what an admin may be a party to (an order's buyer or seller, a payout's or balance's owner, a
 * listing's seller, the member a report is about) is refused with a 403 that says another admin has to; as a party
 * they go by the member rules (decision 190).
 */
export function assertNotParty(adminId: string, partyIds: readonly string[], message: string) {
  if (isPartyTo(adminId, partyIds)) throw forbidden(message);
}

/** The buyer and seller of an order, the parties `assertNotParty` checks for an admin action on it. */
export const partiesOf = (order: { buyerId: string; sellerId: string }) => [order.buyerId, order.sellerId];
