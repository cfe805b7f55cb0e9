import { purchaseHeldMessage } from '@accountry/shared/chargeback-holds';
import { ORDER_MESSAGES } from '@accountry/shared/order-messages';
import type { Wallet } from '@accountry/shared/wallet';

/**
 * Why paying the price from this balance would be refused, in the server's own words, or undefined when it would go
 * through: what chargebacks hold is checked first, then the available balance, as the server checks them. The order
 * page says it beside Pay without a press (after a reload, the refusal of the last press is gone).
 */
export function payShortfall(
  wallet: Pick<Wallet, 'availableCents' | 'payableCents' | 'chargebackHolds'>,
  priceCents: number,
): string | undefined {
  if (wallet.chargebackHolds.length > 0 && priceCents > wallet.payableCents)
    return purchaseHeldMessage(wallet.payableCents, wallet.chargebackHolds);
  if (priceCents > wallet.availableCents) return ORDER_MESSAGES.insufficientBalance;
  return undefined;
}
