import { z } from 'zod';
import { identityProofSchema } from './two-factor';
import { formatCents } from './wallet';

/** A member's own deletion can be undone by support this long; then their personal data is erased (decision 164). */
export const ERASE_AFTER_DAYS = 30;

/** POST /api/profile/delete: the current password confirms it, and a code with two-factor sign-in on (decision 172). */
export const deleteAccountInputSchema = identityProofSchema;
export type DeleteAccountInput = z.input<typeof deleteAccountInputSchema>;

export const ACCOUNT_DELETION_MESSAGES = {
  /** deleted_users.reason for a member's own deletion, shown to admins. */
  reason: 'Deleted by the member from their profile.',
  adminAccount: 'An admin account cannot be deleted from the profile. Ask another admin to delete it.',
  openOrders: 'You have orders in progress. Finish or cancel them before deleting your account.',
  moneyInWallet: (cents: number) =>
    `Your wallet holds ${formatCents(cents)}. Request a payout, or contact support, before deleting your account.`,
  erased: "This account's personal data was erased. It cannot be restored.",
  done: 'Your account was deleted. We are sorry to see you go.',
} as const;
