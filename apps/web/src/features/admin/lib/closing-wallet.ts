import { ADMIN_MESSAGES } from '@accountry/shared/admin-messages';
import { formatCents, type Wallet } from '@accountry/shared/wallet';

type Money = Pick<Wallet, 'availableCents' | 'heldCents' | 'inEscrowAsBuyerCents' | 'inEscrowAsSellerCents'>;

/**
 * What deleting an account does to its money (decision 184): refused while the wallet holds any (`blocked`, with the
 * server's words); otherwise the wallet is empty, and money in escrow follows its orders.
 */
export function closingWalletText(w: Money): { blocked: boolean; text: string } {
  if (w.availableCents > 0 || w.heldCents > 0)
    return { blocked: true, text: ADMIN_MESSAGES.walletNotEmpty(w.availableCents, w.heldCents) };
  const parts = ['Their wallet is empty ($0.00 available, $0.00 held for payouts).'];
  if (w.inEscrowAsBuyerCents > 0)
    parts.push(`The ${formatCents(w.inEscrowAsBuyerCents)} they paid stays in escrow with its orders.`);
  if (w.inEscrowAsSellerCents > 0)
    parts.push(
      `The ${formatCents(w.inEscrowAsSellerCents)} in escrow for their sales comes to this wallet as those orders ` +
        'complete; a deleted account takes no credit, so only a correction can take it out.',
    );
  return { blocked: false, text: parts.join(' ') };
}
