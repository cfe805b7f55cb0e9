import { WALLET_MESSAGES as W } from '@accountry/shared/wallet-messages';
import type { Database } from '../../db/database';
import { availableAccount, heldAccount, postLedger } from '../../lib/ledger';

/**
 * An account given back to the address it left (decision 177): whoever moved it may have set their own payout details
 * and asked for payouts to them. The details go, and every open payout an admin is not sending yet returns to the
 * available balance, so no admin sends money on the strength of the takeover. One being sent stays for its admin to
 * decide: its money may have left, and the undo is the member's own move (decision 240). Called in the caller's
 * transaction, under the account's lock.
 */
export async function stopPayoutsOfRecoveredAccount(trx: Database, userId: string, now: number) {
  const details = await trx.deleteFrom('payoutMethods').where('userId', '=', userId).executeTakeFirst();
  const open = await trx
    .updateTable('payouts')
    .set({ status: 'rejected', reason: W.payoutCanceledByUndo, decidedAt: now, decidedBy: null, destination: null })
    .where('userId', '=', userId)
    .where('status', '=', 'open')
    // The condition a member's own cancel has (decision 233).
    .where('sendingSince', 'is', null)
    .returning(['id', 'amountCents'])
    .execute();
  const sending = await trx
    .selectFrom('payouts')
    .select('id')
    .where('userId', '=', userId)
    .where('status', '=', 'open')
    .execute();
  for (const payout of open)
    await postLedger(
      trx,
      {
        kind: 'payout_rejected',
        payoutId: payout.id,
        actorId: userId,
        memo: W.payoutCanceledByUndo,
        moves: [{ from: heldAccount(userId), to: availableAccount(userId), amountCents: payout.amountCents }],
      },
      now,
    );
  return {
    payoutDetails: Number(details.numDeletedRows) > 0,
    payoutsCanceled: open.length,
    payoutsBeingSent: sending.length,
  };
}
