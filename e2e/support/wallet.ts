import type { BrowserContext } from '@playwright/test';
import { PAYOUT_DETAILS_HOLD_HOURS, PAYOUT_METHOD_ROUTE } from '@accountry/shared/payout-methods';
import { E2E_PASSWORD, openE2eDb } from './db';
import { sendWithSession } from './session-api';

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

/**
 * Through the real API, as the signed-in seller: IBAN payout details (past their hold), then a payout request of each
 * amount, newest last; their ids. For journeys about what admins do with payouts.
 */
export async function requestPayouts(seller: BrowserContext, baseURL: string, userId: string, amounts: number[]) {
  const details = { kind: 'iban', holder: 'Journey Payee', iban: 'DE89 3704 0044 0532 0130 00' };
  await sendWithSession(seller, baseURL, 'PUT', PAYOUT_METHOD_ROUTE, { password: E2E_PASSWORD, details });
  passPayoutHold(userId);
  const ids: string[] = [];
  for (const amountCents of amounts) {
    const res = await sendWithSession(seller, baseURL, 'POST', '/api/wallet/payouts', { amountCents });
    ids.push(((await res.json()) as { id: string }).id);
  }
  return ids;
}
