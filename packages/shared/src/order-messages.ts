import { MAX_CREDENTIAL_CORRECTIONS } from './credentials-correction';
import { MAX_UNPAID_ORDERS, UNPAID_ORDERS_PER_SELLER_PER_DAY, type OrderAction, type OrderState } from './order-state';
import { chargebackReasonText } from './chargebacks';
import { tryAgainIn } from './try-again';
import { formatCents } from './wallet';

/** An admin's reveals of delivered credentials, over all orders: each one audited, and bounded like the buyer's. */
export const ADMIN_REVEALS = { max: 30, minutes: 10 } as const;

/** An admin's showings of payouts' bank details, over all payouts: the same kind of secret, bounded the same way. */
export const ADMIN_PAYOUT_DETAILS = { max: 30, minutes: 10 } as const;

/** Every user-facing message of orders, wallet and payouts, written once (tests pin the literal text). */
export const ORDER_MESSAGES = {
  // Refusals
  notFound: 'Order not found',
  ownListing: 'You cannot buy your own listing.',
  ownDisputeDecision: 'You cannot decide a dispute on your own order. Another admin has to.',
  ownOrderClosing: 'You are a party to an order this would cancel. Another admin has to.',
  ownOrderReveal: 'You cannot reveal the credentials of your own order as an admin. Another admin has to.',
  adminRevealsTooMany: (waitMs: number) =>
    `An admin can reveal order credentials ${ADMIN_REVEALS.max} times in ${ADMIN_REVEALS.minutes} minutes. ` +
    tryAgainIn(waitMs),
  adminPayoutDetailsTooMany: (waitMs: number) =>
    `An admin can show payout details ${ADMIN_PAYOUT_DETAILS.max} times in ${ADMIN_PAYOUT_DETAILS.minutes} minutes. ` +
    tryAgainIn(waitMs),
  chargebackHold:
    "This order is on hold while the buyer's bank reviews a chargeback. Nothing can change until it decides.",
  decideAfterChargeback: 'You can decide this dispute once the bank has decided the chargeback.',
  listingNotActive: 'This listing is not available for purchase.',
  sellerGone: "The seller's account is no longer active, so this order cannot be paid. Cancel it; nothing was charged.",
  listingTaken: 'Someone else is already buying this listing.',
  listingGone: 'This listing was taken off the site, so this order cannot be paid. Cancel it; nothing was charged.',
  priceChanged: 'The price changed while you were buying. Check the new price and buy again.',
  termsChanged:
    'The seller changed the delivery time or the protection period while you were buying. Check them and buy again.',
  /** A block either way between buyer and seller; as in the chat, it does not say who blocked whom (decision 053). */
  blocked: 'You cannot buy from this seller.',
  accountDisabled: 'Your account cannot start orders.',
  notYourOrder: 'Only the buyer or the seller of this order can do this.',
  onlyBuyer: 'Only the buyer of this order can do this.',
  onlySeller: 'Only the seller of this order can do this.',
  stateChanged: 'This order has changed in the meantime. Reload the page to see where it stands.',
  alreadyPaid: 'This order is already paid.',
  /** Paid at Stripe, its confirmation (the webhook) not here yet: Pay opens no second payment page meanwhile. */
  paymentConfirming: 'Your payment was received and is being confirmed. This page updates as soon as it is.',
  alreadyDelivered: 'The credentials have already been delivered.',
  deliveryClosed: 'The time to deliver this order has passed, so it will be canceled and the buyer refunded.',
  notPayable: 'This order can no longer be paid.',
  insufficientBalance: 'Your balance is too low to pay this order.',
  disputeWindowClosed: 'The time to open a dispute for this order has passed.',
  disputeDecided: 'An admin has already decided a dispute about this order. The decision is final.',
  tooManyUnpaid: `You have ${MAX_UNPAID_ORDERS} unpaid orders. Pay or cancel one of them before starting another.`,
  tooManyUnpaidWithSeller: (waitMs: number) =>
    `You started ${UNPAID_ORDERS_PER_SELLER_PER_DAY} orders with this seller in 24 hours without paying them. ` +
    tryAgainIn(waitMs),
  credentialsRequired: 'Enter at least one of login, password, email access, recovery codes or notes.',
  credentialsTooLong: 'Each credentials field holds at most 2000 characters.',
  credentialsNotAvailable: 'The credentials are not available for this order.',
  credentialsErased: 'The credentials were erased 30 days after the order completed.',
  credentialsRefunded: 'The order was refunded in full, so its credentials are no longer shown.',
  // Correcting delivered credentials (decision 182)
  correctionClosed: 'The credentials can be corrected only while the buyer is checking the account.',
  correctionRevealed:
    'The buyer has already revealed the credentials, so they can no longer be corrected. Tell the buyer in the chat ' +
    'what is wrong; if you cannot sort it out, the buyer can open a dispute.',
  correctionLimit:
    `The credentials have been corrected ${MAX_CREDENTIAL_CORRECTIONS} times, the most allowed. Tell the buyer in ` +
    'the chat what is wrong; if you cannot sort it out, the buyer can open a dispute.',
  correctionOnHold: "The credentials can't be corrected while the order is on hold for a chargeback.",
  refundTooLarge: 'The refund cannot be larger than the price of the order.',
  refundAmount: 'Enter a refund amount of at least 1 cent.',
  decisionReason: 'Write a reason of 10 to 2000 characters; both parties will see it.',
  notDisputed: 'This order has no open dispute.',
  statementBody: 'Write 1 to 2000 characters or attach an image.',
  statementClosed: 'Statements can be posted only while the dispute is open.',
  evidenceType: 'Attach a JPEG, PNG or WebP image.',
  evidenceTooLarge: 'Evidence images can be at most 5 MB.',
  evidenceLimit: 'You can attach at most 10 images to a dispute.',
  statementLimit: 'You can post at most 50 statements in a dispute.',
  evidenceNotFound: 'The attached image was not found. Please attach it again.',
  disputeReason: 'Describe the problem in 10 to 2000 characters.',
  cancelReason: 'A reason holds at most 500 characters.',
  providerUnavailable: 'Payments are not available right now. Please try again later.',
  unknownPayment: 'Unknown payment.',
  // Successes (toasts)
  created: 'Order created. Pay within 15 minutes to keep the listing reserved.',
  paid: 'Payment received. The seller has been asked to deliver.',
  delivered: 'Credentials delivered. The buyer has 72 hours to check the account.',
  corrected: 'Credentials corrected. The buyer has been told; the time to check the account is unchanged.',
  confirmed: 'Thank you! The protection period has started.',
  canceled: 'Order canceled. Any payment has been returned to your balance.',
  disputeOpened: 'Dispute opened. The seller has 24 hours to answer; an admin will decide.',
  statementPosted: 'Statement posted.',
  decided: 'Decision recorded. Both parties have been told.',
} as const;

/**
 * The system message each move posts in the order's conversation (decision 120): short, factual, and never any
 * credentials (they stay on the order page).
 */
export const ORDER_CHAT_MESSAGES = {
  created: 'Order created. Waiting for the buyer to pay.',
  pay: 'The buyer has paid. The money is held until the order completes. Seller: please deliver the credentials.',
  deliver: 'The seller has delivered the credentials on the order page. The buyer has 72 hours to check the account.',
  confirm: 'The buyer accepted the account. The protection period has started.',
  auto_confirm: 'The 72-hour check ended without a dispute. The protection period has started.',
  dispute: 'The buyer has opened a dispute. Seller: please answer within 24 hours. An admin will decide.',
  complete: 'The order is completed. The seller has been paid.',
  cancel: 'The buyer canceled the order before paying. The listing is available again.',
  cancelPaid: 'The buyer canceled the order. The payment was refunded in full.',
  auto_cancel: 'The order was canceled because the credentials were not delivered in time. The buyer was refunded.',
  expire: 'The order expired unpaid. The listing is available again.',
  refund: 'An admin decided the dispute: the buyer is refunded in full. The reason is on the order page.',
  partial_refund: (refundCents: number) =>
    `An admin decided the dispute: ${formatCents(refundCents)} is refunded to the buyer, the rest goes to the seller. The reason is on the order page.`,
  release: 'An admin decided the dispute in favour of the seller. The protection period resumes.',
  seller_closed: "The seller's account is no longer active, so the order was canceled. Nothing was charged.",
  seller_closedPaid:
    "The seller's account is no longer active, so the order was canceled. The payment was refunded in full.",
  buyer_closed:
    "The buyer's account is no longer active, so the unpaid order was canceled. The listing is available again.",
  blocked: 'One of you blocked the other, so the unpaid order was canceled. Nothing was charged.',
  listing_removed: 'An admin removed the listing, so the unpaid order was canceled. Nothing was charged.',
  /** Not a move: the seller replaced the credentials before the buyer revealed them (decision 182). */
  credentialsCorrected:
    'The seller corrected the credentials on the order page. The time to check the account is unchanged.',
  chargeback_lost:
    "The buyer's bank decided the chargeback for the buyer: the payment went back to the card, so the order is refunded.",
  chargebackOpened:
    "The buyer's bank opened a chargeback on this payment. The order is on hold until the bank decides; Accountry answers the bank with the order's records.",
  chargebackWon: "The buyer's bank decided the chargeback for the seller. The order is no longer on hold.",
} as const;

/**
 * A lost chargeback the bank took only part of (decision 183): delivered, the rest goes to the seller as in a partial
 * refund; never delivered, the rest goes to the buyer's Accountry balance (Stripe refunds nothing of a charged-back
 * payment).
 */
export const CHARGEBACK_LOST_PARTLY = {
  delivered: (bankCents: number) =>
    `The buyer's bank decided the chargeback for the buyer: ${formatCents(bankCents)} went back to the card and the rest of the payment goes to the seller, so the order is partly refunded.`,
  undelivered: (bankCents: number, restCents: number) =>
    `The buyer's bank decided the chargeback for the buyer: ${formatCents(bankCents)} went back to the card and the other ${formatCents(restCents)} to the buyer's Accountry balance, so the order is refunded in full.`,
};

/**
 * The system message for a move of an order from `from` (a partial refund names its amount; a lost chargeback the
 * bank took only part of names what it took, `bank`, out of the price).
 */
export function orderChatMessage(
  action: OrderAction,
  from: OrderState,
  refundCents = 0,
  bank?: { cents: number; priceCents: number },
): string {
  const m = ORDER_CHAT_MESSAGES;
  if (action === 'partial_refund') return m.partial_refund(refundCents);
  if (action === 'chargeback_lost' && bank && bank.cents < bank.priceCents)
    return bank.cents < refundCents
      ? CHARGEBACK_LOST_PARTLY.undelivered(bank.cents, refundCents - bank.cents)
      : CHARGEBACK_LOST_PARTLY.delivered(bank.cents);
  if (action === 'cancel' && from === 'paid') return m.cancelPaid;
  if (action === 'seller_closed' && from === 'paid') return m.seller_closedPaid;
  return m[action];
}

/** The subject of the mail each move sends both parties (its text is the move's system message). */
export const ORDER_MAIL_SUBJECTS: Record<OrderAction, string> = {
  pay: 'Order paid',
  expire: 'Order expired',
  cancel: 'Order canceled',
  auto_cancel: 'Order canceled',
  deliver: 'Credentials delivered',
  confirm: 'Protection period started',
  auto_confirm: 'Protection period started',
  dispute: 'A dispute was opened',
  complete: 'Order completed',
  refund: 'The dispute has been decided',
  partial_refund: 'The dispute has been decided',
  release: 'The dispute has been decided',
  seller_closed: 'Order canceled',
  buyer_closed: 'Order canceled',
  blocked: 'Order canceled',
  listing_removed: 'Order canceled',
  chargeback_lost: 'Order refunded by the card issuer',
};

/** The buyer's mail when the seller corrected the credentials (its text is the chat message). */
export const CREDENTIALS_CORRECTED_MAIL_SUBJECT = 'Credentials corrected';

/** The mail to the other party (both, for an admin's) of a new turn in a dispute's thread; what was said stays there. */
export const DISPUTE_STATEMENT_MAIL = {
  subject: 'New statement in the dispute',
  line: (author: 'buyer' | 'seller' | 'admin') =>
    `${{ buyer: 'The buyer', seller: 'The seller', admin: 'An Accountry admin' }[author]} added a statement to the ` +
    'dispute. Read it, and answer if you need to, on the order page.',
} as const;

/** The order history's title and reason of a correction, which moves no state. */
export const CREDENTIALS_CORRECTED_EVENT = 'Credentials corrected';

/** The order history's title of each entry that moves no state (decisions 182, 183). */
export const ORDER_HISTORY_EVENT_TITLES = {
  credentials_corrected: CREDENTIALS_CORRECTED_EVENT,
  chargeback_opened: 'On hold: chargeback',
  chargeback_won: 'Off hold: chargeback decided for the seller',
} as const;

/** The history's reason of a chargeback the bank opened: its amount and the reason the bank gave. */
export const chargebackOpenedReason = (amountCents: number, reasonCode: string) =>
  `The buyer's bank disputes ${formatCents(amountCents)} of the payment: ${chargebackReasonText(reasonCode)}.`;
export const credentialsCorrectedReason = (n: number) =>
  `Correction ${n} of ${MAX_CREDENTIAL_CORRECTIONS}. The time to check the account is unchanged.`;
/** What the buyer's history says of a correction instead: how many the seller may make is the seller's business. */
export const CREDENTIALS_CORRECTED_BUYER_REASON =
  'The seller replaced the credentials before you revealed them. Your time to check the account is unchanged.';
/** Mail subjects for a chargeback that does not move the order (decision 183). */
export const CHARGEBACK_MAIL_SUBJECTS = { opened: 'A chargeback put the order on hold', won: 'The order is off hold' };

/** The history's reason of an unpaid order a block ended (decision 180). */
export const BLOCKED_ORDER_REASON = 'One of the two members blocked the other.';
/** The history's reason of an unpaid order whose listing an admin deleted (decision 043). */
export const LISTING_REMOVED_ORDER_REASON = 'An admin removed the listing from Accountry.';

/** The order history's reason when an admin's closing of a party's account canceled the order (decision 169). */
export const accountClosedReason = (side: 'buyer' | 'seller', how: 'disabled' | 'deleted') =>
  `The ${side}'s account was ${how} by an admin.`;

/** Mailed to the buyer alone, 12 hours before the inspection window ends. */
/** The buyer's last call to open a dispute, with the time left ("12 hours" when it goes out on time). */
export const autoConfirmReminder = (left: string) => ({
  subject: `Your order will be confirmed in ${left}`,
  line: `The order will be confirmed automatically in ${left}. Open a dispute before then if something is wrong.`,
});

/** Shown to the seller on the order page. */
export const credentialsViewedLine = (when: string) => `Buyer viewed the credentials at ${when}`;
/** Under the latest reveals an order's page lists (`REVEALS_SHOWN`): the ones before them, counted. */
export const earlierRevealsLine = (n: number) =>
  n === 1 ? '1 earlier view is not listed.' : `${n.toLocaleString('en-US')} earlier views are not listed.`;
