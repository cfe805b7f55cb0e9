import { ORDER_MESSAGES as M } from '@accountry/shared/order-messages';
import {
  DISPUTE_EVIDENCE_MAX_BYTES,
  DISPUTE_EVIDENCE_PER_PERSON,
  type EvidenceUpload,
} from '@accountry/shared/disputes';
import { ERROR_CODES } from '@accountry/shared/api-error';
import type { AuthUser } from '../../plugins/auth';
import { adminTransaction } from '../../db/acting-admin';
import type { Database } from '../../db/database';
import { lockKeys } from '../../db/key-lock';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { newId } from '../../lib/ids';
import { DISPLAY_VARIANT, reencodeImage } from '../../lib/images/image-processing';
import { evidenceFolder } from './dispute-evidence-files';
import type { OrdersContext } from './orders-context';
import { visibleOrder } from './orders.service';
import { evidenceUrl } from './disputes.service';
import { holdOpenDispute } from './open-dispute';

const folder = (ctx: OrdersContext) => evidenceFolder(ctx.deps);

/** 409 once the uploader has attached DISPUTE_EVIDENCE_PER_PERSON images to this order. */
async function assertEvidenceRoom(db: Database, orderId: string, uploaderId: string) {
  const count = await db
    .selectFrom('disputeEvidence')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('orderId', '=', orderId)
    .where('uploaderId', '=', uploaderId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= DISPUTE_EVIDENCE_PER_PERSON) throw conflict(M.evidenceLimit);
}

/**
 * Evidence images for an open dispute, from the buyer, the seller or an admin: checked and re-encoded by the core
 * image module and stored privately (never under a public folder). A statement then refers to it by id. The limit
 * is checked before the image is read, then again under the uploader's lock with the insert, so parallel uploads
 * cannot pass it together; a refused upload's file is removed. An admin's upload is an audited admin write, in an
 * `adminTransaction`: refused with the guard's 403 if their role was taken away since the guard (decision 219).
 */
export async function uploadEvidence(
  ctx: OrdersContext,
  user: AuthUser,
  orderId: string,
  bytes: Buffer,
): Promise<EvidenceUpload> {
  const { order, side } = await visibleOrder(ctx, orderId, user);
  if (order.status !== 'disputed') throw conflict(M.statementClosed);
  if (bytes.length > DISPUTE_EVIDENCE_MAX_BYTES)
    throw new AppError(413, ERROR_CODES.payloadTooLarge, M.evidenceTooLarge);
  const db = ctx.deps.db.db;
  await assertEvidenceRoom(db, orderId, user.id);
  const { full } = await reencodeImage(bytes, { full: DISPLAY_VARIANT }, M.evidenceType, user.id);
  const id = newId();
  const fileName = await folder(ctx).write(id, full.data);
  const store = async (trx: Database) => {
    await lockKeys(trx, [`dispute-evidence:${orderId}:${user.id}`]);
    await holdOpenDispute(trx, orderId);
    await assertEvidenceRoom(trx, orderId, user.id);
    const now = ctx.deps.clock.now();
    await trx
      .insertInto('disputeEvidence')
      .values({
        id,
        orderId,
        uploaderId: user.id,
        fileName,
        contentType: 'image/webp',
        width: full.width,
        height: full.height,
        bytes: full.data.length,
        createdAt: now,
      })
      .execute();
    if (side === 'admin')
      await recordAudit(
        trx,
        { actorId: user.id, action: 'order.dispute_evidence', targetType: 'order', targetId: orderId },
        now,
      );
  };
  try {
    // The admin's role is read again first, then the uploader's lock and the dispute's row, as a decision takes them.
    if (side === 'admin') await adminTransaction(db, user.id, store);
    else await db.transaction().execute(store);
  } catch (err) {
    await folder(ctx).remove(fileName);
    throw err;
  }
  return { id, url: evidenceUrl(orderId, id), width: full.width, height: full.height };
}

/**
 * An evidence file for the order's buyer, seller and admins (404 for anyone else, as for the order). Until a
 * statement refers to it, only its uploader sees it.
 */
export async function openEvidence(ctx: OrdersContext, user: AuthUser, orderId: string, evidenceId: string) {
  await visibleOrder(ctx, orderId, user);
  const db = ctx.deps.db.db;
  const evidence = await db
    .selectFrom('disputeEvidence')
    .selectAll()
    .where('id', '=', evidenceId)
    .where('orderId', '=', orderId)
    .executeTakeFirst();
  if (!evidence) throw notFound('Image not found');
  if (evidence.uploaderId !== user.id) {
    const posted = await db
      .selectFrom('disputeStatements')
      .select('id')
      .where('orderId', '=', orderId)
      .where('evidenceId', '=', evidenceId)
      .executeTakeFirst();
    if (!posted) throw notFound('Image not found');
  }
  return { file: folder(ctx).fileFor(evidence.fileName), contentType: evidence.contentType };
}
