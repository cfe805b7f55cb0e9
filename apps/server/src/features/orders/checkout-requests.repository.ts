import type Stripe from 'stripe';
import type { Database } from '../../db/database';

type SessionParams = Stripe.Checkout.SessionCreateParams;

/**
 * The parameters to send under `idempotencyKey`: those it was first sent with, kept here before the first try. A key
 * whose answer was lost is then sent again as it was, whatever changed since (the buyer's address), and Stripe answers
 * with the session it made rather than refusing the key (decision 231). Two presses at once keep the first one written.
 */
export async function firstParamsOf(
  db: Database,
  idempotencyKey: string,
  params: SessionParams,
  now: number,
): Promise<SessionParams> {
  await db
    .insertInto('checkoutRequests')
    .values({ idempotencyKey, params: JSON.stringify(params), createdAt: now })
    .onConflict((oc) => oc.column('idempotencyKey').doNothing())
    .execute();
  const kept = await db
    .selectFrom('checkoutRequests')
    .select('params')
    .where('idempotencyKey', '=', idempotencyKey)
    .executeTakeFirstOrThrow();
  return JSON.parse(kept.params) as SessionParams;
}

/** A key's parameters go when Stripe refused them as invalid: it kept no answer, so the key is free for others. */
export async function forgetCheckoutRequest(db: Database, idempotencyKey: string) {
  await db.deleteFrom('checkoutRequests').where('idempotencyKey', '=', idempotencyKey).execute();
}

/** Stripe forgets a key after 24 hours, and with it the need for its parameters (which carry the buyer's address). */
export async function forgetCheckoutRequests(db: Database, before: number): Promise<number> {
  const res = await db.deleteFrom('checkoutRequests').where('createdAt', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}
