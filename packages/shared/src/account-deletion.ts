import { z } from 'zod';
import { canSell, type Role } from './roles';
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
  /** Says what this member can do with the money: a buyer-only member asks for no payout until they sell. */
  moneyInWallet: (cents: number, role: Role) =>
    `Your wallet holds ${formatCents(cents)}. ` +
    (canSell(role)
      ? 'Request a payout, or contact support, before deleting your account.'
      : 'To withdraw it, change your role to Seller or Both in your profile and request a payout, or contact ' +
        'support, before deleting your account.'),
  erased: "This account's personal data was erased. It cannot be restored.",
  done: 'Your account was deleted. We are sorry to see you go.',
} as const;
