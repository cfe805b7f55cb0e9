import type { OrderState } from './order-state';

/** Every user-facing message of orders, wallet and payouts, written once (tests pin the literal text). */
export const ORDER_MESSAGES = {
  // Refusals
  notFound: 'Order not found',
  ownListing: 'You cannot buy your own listing.',
  listingNotActive: 'This listing is not available for purchase.',
  listingTaken: 'Someone else is already buying this listing.',
  accountDisabled: 'Your account cannot start orders.',
  notYourOrder: 'Only the buyer or the seller of this order can do this.',
  onlyBuyer: 'Only the buyer of this order can do this.',
  onlySeller: 'Only the seller of this order can do this.',
  stateChanged: 'This order has changed in the meantime. Reload the page to see where it stands.',
  alreadyPaid: 'This order is already paid.',
  alreadyDelivered: 'The credentials have already been delivered.',
  notPayable: 'This order can no longer be paid.',
  insufficientBalance: 'Your balance is too low to pay this order.',
  disputeWindowClosed: 'The time to open a dispute for this order has passed.',
  credentialsRequired: 'Enter at least one of login, password, e-mail access, recovery codes or notes.',
  credentialsTooLong: 'Each credentials field holds at most 2000 characters.',
  credentialsNotAvailable: 'The credentials are not available for this order.',
  credentialsErased: 'The credentials were erased 30 days after the order completed.',
  refundTooLarge: 'The refund cannot be larger than the price of the order.',
  refundAmount: 'Enter a refund amount of at least 1 cent.',
  decisionReason: 'Write a reason of 10 to 2000 characters; both parties will see it.',
  notDisputed: 'This order has no open dispute.',
  statementBody: 'Write 1 to 2000 characters or attach an image.',
  statementClosed: 'Statements can be posted only while the dispute is open.',
  disputeReason: 'Describe the problem in 10 to 2000 characters.',
  cancelReason: 'A reason holds at most 500 characters.',
  providerUnavailable: 'Payments are not available right now. Please try again later.',
  unknownPayment: 'Unknown payment.',
  // Successes (toasts)
  created: 'Order created. Pay within 15 minutes to keep the listing reserved.',
  paid: 'Payment received. The seller has been asked to deliver.',
  delivered: 'Credentials delivered. The buyer has 72 hours to check the account.',
  confirmed: 'Thank you! The protection period has started.',
  canceled: 'Order canceled. Any payment has been returned to your balance.',
  disputeOpened: 'Dispute opened. The seller has 24 hours to answer; an admin will decide.',
  statementPosted: 'Statement posted.',
  decided: 'Decision recorded. Both parties have been told.',
} as const;

export const WALLET_MESSAGES = {
  payoutMinimum: (minCents: number) => `The smallest payout is $${(minCents / 100).toFixed(2)}.`,
  payoutTooLarge: 'A payout cannot be larger than your available balance.',
  payoutAmount: 'Enter a whole amount in cents.',
  payoutNotOpen: 'This payout has already been decided.',
  payoutNotFound: 'Payout not found',
  payoutRequested: 'Payout requested. An admin will send it and mark it paid.',
  payoutPaid: 'Payout marked as paid.',
  payoutRejected: 'Payout rejected; the amount is back in the available balance.',
  rejectReason: 'Write a reason of 3 to 500 characters.',
  creditAmount: 'Enter an amount between 1 cent and $100,000.00 (negative to correct).',
  creditReason: 'Write a reason of 3 to 500 characters; it is kept in the audit log.',
  creditNegative: 'This correction would make the balance negative.',
  credited: 'Balance updated.',
  userNotFound: 'User not found',
} as const;

/** The system message posted in the order's conversation when it reaches a state. */
export const ORDER_CHAT_MESSAGES: Record<OrderState, string> = {
  pending_payment: 'Order created. Waiting for the buyer to pay.',
  paid: 'The buyer has paid. The money is held until the order completes. Seller: please deliver the credentials.',
  delivered: 'The seller has delivered the credentials. The buyer has 72 hours to check the account.',
  protection: 'The account has been accepted. The protection period has started.',
  disputed: 'The buyer has opened a dispute. Seller: please answer within 24 hours. An admin will decide.',
  completed: 'The order is completed. The seller has been paid.',
  canceled: 'The order was canceled and the buyer refunded.',
  expired: 'The order expired unpaid. The listing is available again.',
  refunded: 'An admin decided the dispute and refunded the buyer.',
};

/** The history line when the protection clock resumes after an admin released a disputed order. */
export const RELEASED_CHAT_MESSAGE =
  'An admin decided the dispute in favour of the seller. The protection period resumes.';

export const ORDER_MAIL_SUBJECTS = {
  paid: 'Order paid',
  delivered: 'Credentials delivered',
  disputeOpened: 'A dispute was opened',
  disputeDecided: 'The dispute has been decided',
  completed: 'Order completed',
  autoConfirmSoon: 'Your order will be confirmed in 12 hours',
} as const;

/** Shown to the seller on the order page. */
export const credentialsViewedLine = (when: string) => `Buyer viewed the credentials at ${when}`;
