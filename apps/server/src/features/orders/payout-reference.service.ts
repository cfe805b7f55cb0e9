import { WALLET_MESSAGES as W } from '@accountry/shared/wallet-messages';
import { PAYOUT_REFERENCE_USED, formatCents, payoutReferenceKey } from '@accountry/shared/wallet';
import type { AppDeps } from '../../app';
import type { Database } from '../../db/database';
import { lockKeys } from '../../db/key-lock';
import { adminTransaction } from '../../db/acting-admin';
import { queueMailToUser } from '../../email/mail-to-user';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { AuthUser } from '../../plugins/auth';
import { assertNotParty } from '../../lib/admin-not-party';
import { payoutReferenceCorrectedMail } from './payout-mails';

/** Another payout recorded with this reference (by its key, on `payouts_reference_key_idx`), the latest first. */
export const otherPayoutWithReference = (db: Database, reference: string, exceptId: string) =>
  db
    .selectFrom('payouts as p')
    .innerJoin('users as u', 'u.id', 'p.userId')
    .select(['p.amountCents', 'u.displayName as userName'])
    .where('p.referenceKey', '=', payoutReferenceKey(reference))
    .where('p.id', '<>', exceptId)
    .orderBy('p.decidedAt', 'desc')
    .limit(1);

/**
 * Before a reference is recorded on a payout (decision 188): a 409 naming another payout that has it, unless the admin
 * confirmed it; whether one was confirmed past. Under the reference's lock, so two admins recording it on two payouts
 * at once do not both miss the other.
 */
export async function checkReferenceUnused(trx: Database, payoutId: string, reference: string, confirmed: boolean) {
  await lockKeys(trx, [`payout-reference:${payoutReferenceKey(reference)}`]);
  const other = await otherPayoutWithReference(trx, reference, payoutId).executeTakeFirst();
  if (!other) return false;
  if (confirmed) return true;
  const message = W.payoutReferenceUsed(formatCents(other.amountCents), other.userName);
  throw new AppError(409, PAYOUT_REFERENCE_USED, message, { reference: message });
}

export interface ReferenceCorrection {
  reference: string;
  /** The reference the admin saw and corrects: the write's condition. */
  previousReference: string;
  allowDuplicateReference?: boolean;
}

/**
 * An admin corrects the reference recorded on a paid payout (a typo): audited with both, and the seller, whose mail
 * named the wrong one, is mailed the right one. Not by an admin whose payout it is (decision 190).
 */
export async function correctPayoutReference(deps: AppDeps, admin: AuthUser, id: string, input: ReferenceCorrection) {
  const now = deps.clock.now();
  const { reference, previousReference } = input;
  await adminTransaction(deps.db.db, admin.id, async (trx) => {
    const payout = await trx
      .selectFrom('payouts')
      .select(['userId', 'amountCents', 'status', 'reference'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!payout) throw notFound(W.payoutNotFound);
    assertNotParty(admin.id, [payout.userId], W.ownPayoutCorrection);
    // A payout paid before references were recorded has none to correct.
    if (payout.status !== 'paid' || payout.reference === '') throw conflict(W.payoutReferenceNotPaid);
    if (reference === previousReference) throw badRequest(W.payoutReferenceSame, { reference: W.payoutReferenceSame });
    // Seen changed already: said before any warning about the new reference, which the admin may then not want.
    if (payout.reference !== previousReference) throw conflict(W.payoutReferenceChanged);
    const duplicate = await checkReferenceUnused(trx, id, reference, input.allowDuplicateReference ?? false);
    const res = await trx
      .updateTable('payouts')
      .set({ reference, referenceKey: payoutReferenceKey(reference) })
      .where('id', '=', id)
      .where('status', '=', 'paid')
      .where('reference', '=', previousReference)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw conflict(W.payoutReferenceChanged);
    await recordAudit(
      trx,
      {
        actorId: admin.id,
        action: 'payout.reference_correct',
        targetType: 'user',
        targetId: payout.userId,
        details: {
          payoutId: id,
          amountCents: payout.amountCents,
          previousReference,
          reference,
          ...(duplicate ? { duplicateReferenceConfirmed: true } : {}),
        },
      },
      now,
    );
    const mail = (to: { email: string }) =>
      payoutReferenceCorrectedMail(deps.config.publicUrl, to.email, payout.amountCents, {
        previousReference,
        reference,
      });
    await queueMailToUser(trx, payout.userId, mail, now);
  });
}
