import type Stripe from 'stripe';
import type { Database } from '../../db/database';

type SessionParams = Stripe.Checkout.SessionCreateParams;

/**
 * The parameters to send under `idempotencyKey`: those it was first sent with, kept here before the first try. A key
 * whose answer was lost is then sent again as it was, whatever changed since (the buyer's address), and Stripe answers
 * with the session it made rather than refusing the key (decision 231). Two presses at once keep the first one written.
 * One statement, so a key freed between a write and a read cannot leave the press with nothing to send.
 */
export async function firstParamsOf(
  db: Database,
  idempotencyKey: string,
  params: SessionParams,
  now: number,
): Promise<SessionParams> {
  const kept = await db
    .insertInto('checkoutRequests')
    .values({ idempotencyKey, params: JSON.stringify(params), createdAt: now })
    // Kept already: a write that changes nothing, so the row comes back as it is.
    .onConflict((oc) =>
      oc.column('idempotencyKey').doUpdateSet({ idempotencyKey: (eb) => eb.ref('excluded.idempotencyKey') }),
    )
    .returning('params')
    .executeTakeFirstOrThrow();
  return JSON.parse(kept.params) as SessionParams;
}

/**
 * A key's parameters go when Stripe refused them as invalid: it kept no answer, so the key is free for others. Only
 * those sent: another press may have kept its own since, and Stripe may hold the key to them.
 */
export async function forgetCheckoutRequest(db: Database, idempotencyKey: string, sent: SessionParams) {
  await db
    .deleteFrom('checkoutRequests')
    .where('idempotencyKey', '=', idempotencyKey)
    .where('params', '=', JSON.stringify(sent))
    .execute();
}

/** Stripe forgets a key after 24 hours, and with it the need for its parameters (which carry the buyer's address). */
export async function forgetCheckoutRequests(db: Database, before: number): Promise<number> {
  const res = await db.deleteFrom('checkoutRequests').where('createdAt', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}
