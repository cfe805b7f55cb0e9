import { MAX_CREDENTIAL_CORRECTIONS } from '@accountry/shared/credentials-correction';
import type { Database } from '../../db/database';

/**
 * The sealed credentials a buyer's reveal shows, read by the statement that records the first reveal: a correction
 * committed before it is what the buyer reads, and one after it finds the order revealed (decision 182). Later reveals
 * change nothing, so they only read.
 */
export async function sealedForReveal(db: Database, orderId: string, now: number) {
  const first = await db
    .updateTable('orders')
    .set({ credentialsRevealedAt: now })
    .where('id', '=', orderId)
    .where('credentialsRevealedAt', 'is', null)
    // Held for a chargeback (decision 183): the first reveal, the one handover that cannot be undone, waits.
    .where('chargebackHoldSince', 'is', null)
    .returning(['credentialsCipher', 'credentialsErasedAt', 'chargebackHoldSince'])
    .executeTakeFirst();
  return (
    first ??
    db
      .selectFrom('orders')
      .select(['credentialsCipher', 'credentialsErasedAt', 'chargebackHoldSince'])
      .where('id', '=', orderId)
      .executeTakeFirst()
  );
}

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
