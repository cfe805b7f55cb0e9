import { tryAgainIn } from './try-again';

/** Payout requests a member may make in 24 hours, canceled ones included: each one mails every admin. */
export const PAYOUT_REQUESTS_PER_DAY = 5;

/** Every user-facing message of the wallet, payouts and balance corrections, written once (tests pin the literal text). */
export const WALLET_MESSAGES = {
  payoutMinimum: (minCents: number) => `The smallest payout is $${(minCents / 100).toFixed(2)}.`,
  payoutTooLarge: 'A payout cannot be larger than your available balance.',
  payoutTooMany: (waitMs: number) =>
    `You can ask for ${PAYOUT_REQUESTS_PER_DAY} payouts in 24 hours, canceled ones included. ${tryAgainIn(waitMs)}`,
  payoutAmount: 'Enter a whole amount in cents.',
  payoutAmountMissing: 'Enter the amount to withdraw.',
  payoutNotOpen: 'This payout has already been decided.',
  payoutBeingSent: 'This payout is being sent, so it can no longer be canceled.',
  payoutSending: 'Being sent by our team, so it can no longer be canceled.',
  payoutCanceled: 'Payout request canceled: the amount is back in your available balance.',
  payoutAccountClosed: 'This account is closed: it can no longer ask for payouts.',
  /** A buyer-only member keeps no payout details and asks for no payout; switching the role opens both. */
  payoutSellersOnly:
    'Payouts are for sellers. To withdraw your balance, change your role to Seller or Both in your profile.',
  /** An open payout's reason when the address it was asked from was given back (decision 177). */
  payoutCanceledByUndo: "Canceled when the change of the account's email address was undone.",
  payoutNotFound: 'Payout not found',
  /** An admin does not decide their own money (a conflict of interest): another admin has to. */
  ownPayoutDecision: 'You cannot decide your own payout request. Another admin has to.',
  ownBalanceCredit: 'You cannot change your own balance. Another admin has to.',
  payoutDetailsDecided: 'This payout is decided, so its payout details are no longer shown.',
  payoutDetailsNone:
    'This payout has no payout details to show: it was requested before payout details existed, or the account was erased.',
  payoutRequested: 'Payout requested. An admin will send it and mark it paid.',
  /** Beside an open payout: no review time is promised, and the hold of decision 173 ended before it was requested. */
  payoutWaiting: 'Waiting for review by our team. You can cancel it until then.',
  payoutPaid: 'Payout marked as paid.',
  /** The transfer reference an admin records when marking a payout paid (decision 188). */
  payoutReference: 'Enter the transfer reference, up to 100 characters.',
  payoutReferenceLong: 'A transfer reference holds at most 100 characters.',
  payoutReferenceChars:
    'Use one line of printable characters for the transfer reference: no tabs or other control characters.',
  payoutReferenceUsed: (amount: string, name: string) =>
    `This transfer reference is already recorded on another payout (${amount} to ${name}). Check that it is right before recording it again.`,
  /** Correcting a paid payout's reference (decision 188). */
  payoutPreviousReference: 'Say which transfer reference you are correcting.',
  payoutReferenceSame: 'That is the transfer reference already recorded. Change it to correct it.',
  payoutReferenceNotPaid: 'Only a transfer reference recorded when a payout was marked paid can be corrected.',
  payoutReferenceChanged:
    'The transfer reference was corrected by someone else in the meantime. Reload the page to see it, then correct it again if needed.',
  ownPayoutCorrection: 'You cannot correct the transfer reference of your own payout. Another admin has to.',
  payoutReferenceCorrected: 'Transfer reference corrected.',
  payoutRejected: 'Payout rejected; the amount is back in the available balance.',
  rejectReason: 'Write a reason of 3 to 500 characters.',
  creditAmount: 'Enter an amount between 1 cent and $100,000.00 (negative to correct).',
  creditReason: 'Write a reason of 3 to 500 characters; it is kept in the audit log.',
  creditNegative: 'This correction would make the balance negative.',
  creditRequestId: 'Send the credit from the admin page again: its request id is missing or malformed.',
  creditRequestReused:
    'This credit was already recorded with other details. Reload the balance to see it before you record another.',
  credited: 'Balance updated.',
  /** A deleted account takes no credit; a correction taking money out stays possible (decision 184). */
  deletedAccountBalance: 'This account is deleted: its balance cannot be credited. Restore the account to credit it.',
  creditDeletedAccount:
    'This account is deleted: money cannot be added to it. Restore it first, or enter a negative correction.',
  userNotFound: 'User not found',
} as const;
