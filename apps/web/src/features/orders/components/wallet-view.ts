import { canSell, type Role } from '@accountry/shared/roles';
import { formatCents, type Wallet } from '@accountry/shared/wallet';

export const WALLET_TEXT = {
  introSeller: 'Your balance on Accountry: pay for orders with it and withdraw what you earn.',
  introBuyer: 'Your balance on Accountry: pay for orders with it.',
  readySeller: 'Ready to spend or withdraw',
  readyBuyer: 'Ready to spend on orders',
  topUpTitle: 'Top up your balance',
  topUpFromBalance: 'Orders are paid from your available balance.',
  topUpHow: (email: string) =>
    `To add money, email ${email} from your account's email address with the amount: we reply with the bank ` +
    'details for a transfer. When it arrives, an admin adds it to your available balance and we email you; the line ' +
    'shows in your balance history.',
  topUpByCard: 'Orders are paid by card at checkout, so your balance needs no top-up.',
} as const;

/** The line under the wallet's title: a seller also withdraws what they earn. */
export const walletIntro = (role: Role) => (canSell(role) ? WALLET_TEXT.introSeller : WALLET_TEXT.introBuyer);

/**
 * What the wallet shows its member (decision 222): a seller (seller or both) everything, payouts included; a buyer
 * only what buying needs (the balance, its top-up and history), and of the payout parts only what a former seller's
 * request left: the amount it holds and the request, which can still be canceled.
 */
export function walletView(role: Role, wallet: Wallet) {
  const seller = canSell(role);
  const requestOpen = wallet.heldCents > 0;
  return {
    seller,
    availableHint:
      wallet.chargebackHeldCents > 0
        ? `${formatCents(wallet.chargebackHeldCents)} held for chargebacks: ${formatCents(wallet.payableCents)} can be withdrawn`
        : seller
          ? WALLET_TEXT.readySeller
          : WALLET_TEXT.readyBuyer,
    heldFigure: seller || requestOpen,
    salesEscrowFigure: seller || wallet.inEscrowAsSellerCents > 0,
    payoutDetails: seller,
    payoutHistory: seller || requestOpen,
  };
}
