import { formatCents } from './wallet';

/** Messages of the admin area, written once; the server sends them and tests assert them to the letter. */
export const ADMIN_MESSAGES = {
  /** An admin is no party to what they moderate (decision 190): their own listing, a report about them. */
  ownListing: 'You are the seller of this listing. Another admin has to.',
  ownReport: 'This report is about you or your listing. Another admin has to review it.',
  userNotFound: 'User not found',
  listingNotFound: 'Listing not found',
  reportNotFound: 'Report not found',
  /** Reopening a resolved report would give its member two open reports of one target (one is allowed). */
  reportOpenAgain: 'The same member has reported this again since, and that report is open. Review that one instead.',
  feedbackNotFound: 'Feedback not found',
  lastAdmin: 'This is the last admin account. Make another user an admin first.',
  notAdminAnymore: 'You are no longer an admin.',
  selfDisable: 'You cannot disable your own account.',
  selfDelete: 'You cannot delete your own account.',
  selfTwoFactor: 'Turn off your own two-factor sign-in from your profile.',
  alreadyDisabled: 'This account is already disabled.',
  notDisabled: 'This account is not disabled.',
  alreadyDeleted: 'This account is already deleted.',
  notDeleted: 'This account is not deleted.',
  deletedAccount: 'This account is deleted. Restore it first.',
  /** A member who cannot sell could no longer unpublish or edit a listing left for sale (decision 237). */
  memberListingsForSale:
    'This member has listings for sale. Hide them on the Listings page, or wait for their orders to finish, before you ' +
    'take selling away from them.',
  alreadyHidden: 'This listing is already hidden.',
  notHidden: 'This listing is not hidden.',
  sellerDeleted: "The seller's account is deleted. Restore the account before showing this listing again.",
  sellerDisabled: "The seller's account is disabled. Enable the account before showing this listing again.",
  sellerBuysOnly: 'The seller buys only now. Their listing can be shown again once they sell again.',
  listingAlreadyDeleted: 'This listing is already deleted.',
  listingDeleted: 'This listing was deleted, so it cannot be hidden or shown again.',
  invalidCursor: 'Invalid page cursor',
  nothingToUpdate: 'Change the status or the note',
  /** A review's note written over one another admin saved after this admin opened it (409). */
  noteChangedMeanwhile:
    'Another admin changed this note in the meantime. Reload the note to see theirs before saving yours.',
  noteSeenWithoutNote: 'Send the new note with the note it replaces',
  /** An admin's deletion is refused while the wallet holds money: a deleted account cannot ask for a payout. */
  walletNotEmpty: (availableCents: number, heldCents: number) => {
    const held = heldCents > 0 ? `${formatCents(heldCents)} held for a payout` : '';
    const available = availableCents > 0 ? `${formatCents(availableCents)} available` : '';
    const todo = [
      heldCents > 0 ? 'pay or reject the open payout' : '',
      availableCents > 0 ? 'have the member ask for a payout or correct the balance to $0.00' : '',
    ];
    const what = [available, held].filter(Boolean).join(' and ');
    return `The wallet still holds ${what}, and a deleted account cannot ask for a payout. Before deleting it, ${todo.filter(Boolean).join(', and ')}.`;
  },
} as const;

/**
 * The hidden_reason given to listings hidden because their seller's account was deleted. Restoring the account
 * brings back exactly the listings carrying it; listings hidden by moderation stay hidden.
 */
export const ACCOUNT_DELETED_HIDDEN_REASON = "Hidden because the seller's account was deleted.";

/** The same for a disabled account: enabling it brings back exactly the listings carrying this reason. */
export const ACCOUNT_DISABLED_HIDDEN_REASON = "Hidden because the seller's account is disabled.";
