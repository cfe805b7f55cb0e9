import { PAYOUT_DETAILS_HOLD_HOURS } from '@accountry/shared/payout-methods';
import { openE2eDb } from './db';

/**
 * Move the user's payout details back past their hold, as if they had been set PAYOUT_DETAILS_HOLD_HOURS ago (and a
 * minute), so a journey can request a payout without waiting two days.
 */
export function passPayoutHold(userId: string) {
  const db = openE2eDb();
  const back = (PAYOUT_DETAILS_HOLD_HOURS * 60 + 1) * 60_000;
  const { changes } = db
    .prepare('update payout_methods set changed_at = changed_at - ?, payouts_from = payouts_from - ? where user_id = ?')
    .run(back, back, userId);
  db.close();
  if (changes !== 1) throw new Error(`no payout details stored for ${userId}`);
}
