import { createHash } from 'node:crypto';
import type { Database } from '../../db/database';

/** What a credit asks for, as compared when its request id comes again. */
const digestOf = (credit: { userId: string; amountCents: number; reason: string }) =>
  createHash('sha256')
    .update(JSON.stringify([credit.userId, credit.amountCents, credit.reason]))
    .digest('hex');

/**
 * Take a credit's request id in the credit's transaction (decision 238): `new` to record it, `replay` when the same
 * credit was recorded under it (answer as then, post nothing), `reused` when another credit was. A concurrent twin
 * waits on the key's index until the first commits, then reads it; a credit rolled back leaves the id free.
 */
export async function claimCreditRequest(
  trx: Database,
  requestId: string,
  credit: { userId: string; amountCents: number; reason: string },
  now: number,
): Promise<'new' | 'replay' | 'reused'> {
  const digest = digestOf(credit);
  const res = await trx
    .insertInto('balanceCreditRequests')
    .values({ requestId, digest, createdAt: now })
    .onConflict((oc) => oc.column('requestId').doNothing())
    .executeTakeFirst();
  if (Number(res.numInsertedOrUpdatedRows ?? 0) === 1) return 'new';
  const first = await trx
    .selectFrom('balanceCreditRequests')
    .select('digest')
    .where('requestId', '=', requestId)
    .executeTakeFirstOrThrow();
  return first.digest === digest ? 'replay' : 'reused';
}
