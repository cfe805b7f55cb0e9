import { PAYOUT_DETAILS_HOLD_HOURS } from '@accountry/shared/payout-methods';
import type { Database } from '../../db/database';
import { HOUR_MS } from '@accountry/shared/durations';

export const PAYOUT_HOLD_MS = PAYOUT_DETAILS_HOLD_HOURS * HOUR_MS;

/**
 * A new email address or password holds the account's payouts as a change of their details does (decision 173): with
 * a stolen session, the mail about a details change could go to an address just moved out of the owner's reach.
 * Called in the change's transaction; a longer hold already running stays.
 */
export async function holdPayouts(db: Database, userId: string, now: number) {
  const until = now + PAYOUT_HOLD_MS;
  await db
    .updateTable('payoutMethods')
    .set({ payoutsFrom: until })
    .where('userId', '=', userId)
    .where('payoutsFrom', '<', until)
    .execute();
}
