import { notFound } from '../../lib/app-error';
import { availableAccount } from '../../lib/ledger';
import type { PaymentProvider } from './payment-provider';

/** Buyers pay from their available balance, at once and inside the order's transaction; refunds go back to it. */
export const balanceProvider: PaymentProvider = {
  name: 'balance',
  async startPayment() {
    return { status: 'paid' };
  },
  sourceAccount: (order) => availableAccount(order.buyerId),
  refundAccount: (order) => availableAccount(order.buyerId),
  // Nothing outside the platform reports on a balance payment: its webhook path is not found, as an unknown one's.
  async parseWebhook() {
    throw notFound();
  },
  async oweRefund() {
    // The ledger entry is the refund.
  },
  async sendRefund() {},
  async owePaymentClose() {
    // Paying from the balance opens no page.
  },
  async closePayment() {},
  async closeOwedPayments() {
    return 0;
  },
  // A balance payment has no card behind it, so no bank can take it back.
  async checkChargeback() {
    return {
      status: 'open',
      fee: { chargedCents: 0, returnedCents: 0 },
      funds: { withdrawnCents: 0, reinstatedCents: 0 },
    };
  },
  async paymentDisputes() {
    return [];
  },
};
