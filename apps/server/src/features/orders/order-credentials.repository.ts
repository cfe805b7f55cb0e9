import { MAX_CREDENTIAL_CORRECTIONS } from '@accountry/shared/credentials-correction';
import type { Database } from '../../db/database';

/** The columns a reveal decides on (state, refund, hold, erasure) and the sealed credentials it shows. */
const REVEAL_COLUMNS = [
  'status',
  'refundedCents',
  'priceCents',
  'credentialsCipher',
  'credentialsErasedAt',
  'chargebackHoldSince',
] as const;

/**
 * The sealed credentials a buyer's reveal shows, read by the statement that records the first reveal: a correction
 * committed before it is what the buyer reads, and one after it finds the order revealed (decision 182). Later reveals
 * change nothing, so they only read. The caller checks the rules on the row returned, not on the order read before.
 */
export async function sealedForReveal(db: Database, orderId: string, now: number) {
  const first = await db
    .updateTable('orders')
    .set({ credentialsRevealedAt: now })
    .where('id', '=', orderId)
    .where('credentialsRevealedAt', 'is', null)
    // Held for a chargeback (decision 183): the first reveal, the one handover that cannot be undone, waits.
    .where('chargebackHoldSince', 'is', null)
    // Refunded in full (`credentialsWithdrawn`) since the order was read: the buyer has their money back instead.
    .where((eb) => eb.not(eb.and([eb('status', '=', 'refunded'), eb('refundedCents', '>=', eb.ref('priceCents'))])))
    .returning(REVEAL_COLUMNS)
    .executeTakeFirst();
  return first ?? sealedNow(db, orderId);
}

/** What a reveal decides on and shows, as committed now (a reveal's second look, or an admin's). */
export const sealedNow = (db: Database, orderId: string) =>
  db.selectFrom('orders').select(REVEAL_COLUMNS).where('id', '=', orderId).executeTakeFirst();

/**
 * Replace the credentials only while the rule still holds, checked by the write itself: delivered, the inspection
 * window open, not revealed by the buyer, corrections below the limit. The correction's number, or null when it did
 * not hold (anymore).
 */
export async function replaceCredentialsIf(
  db: Database,
  order: { id: string; sellerId: string; conversationId: string },
  sealed: string,
  now: number,
) {
  const row = await db
    .updateTable('orders')
    .set((eb) => ({
      credentialsCipher: sealed,
      // Demo orders from before conversations were kept get theirs, as on a move.
      conversationId: order.conversationId,
      credentialsCorrections: eb('credentialsCorrections', '+', 1),
      updatedAt: now,
    }))
    .where('id', '=', order.id)
    .where('sellerId', '=', order.sellerId)
    .where('status', '=', 'delivered')
    .where((eb) => eb.or([eb('dueAt', 'is', null), eb('dueAt', '>', now)]))
    .where('credentialsRevealedAt', 'is', null)
    .where('credentialsCorrections', '<', MAX_CREDENTIAL_CORRECTIONS)
    .where('chargebackHoldSince', 'is', null)
    .returning('credentialsCorrections')
    .executeTakeFirst();
  return row ? Number(row.credentialsCorrections) : null;
}
