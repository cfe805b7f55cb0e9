import { correctionRefusal } from '@accountry/shared/credentials-correction';
import { ORDER_CHAT_MESSAGES, ORDER_MESSAGES as M, credentialsCorrectedReason } from '@accountry/shared/order-messages';
import type { Credentials } from '@accountry/shared/order-credentials';
import type { OrdersTable } from '../../db/schema';
import type { AuthUser } from '../../plugins/auth';
import { conflict, notFound } from '../../lib/app-error';
import type { OrdersContext } from './orders-context';
import { postSystemMessage, publishSystemMessages } from '../chat/system-messages.service';
import { publishOrderUpdated } from './order-events';
import { ensureConversation, findOrder, insertHistory } from './orders.repository';
import { replaceCredentialsIf } from './order-credentials.repository';
import { queueCorrectionMail } from './order-mails';
import { only } from './orders.service';

/** 409 with what keeps the seller from correcting the credentials of the order as read. */
function refuseCorrection(order: OrdersTable, now: number) {
  if (order.chargebackHoldSince !== null) throw conflict(M.chargebackHold);
  const refusal = correctionRefusal(order, now);
  if (refusal) throw conflict(M[refusal]);
}

/**
 * The seller replaces the credentials they delivered, before the buyer first reveals them (decision 182): sealed as a
 * delivery seals them, with a history entry, and the buyer told in the chat and by mail, all in one transaction. It
 * moves no state and leaves the inspection window's end where it was.
 */
export async function correctCredentials(ctx: OrdersContext, user: AuthUser, id: string, credentials: Credentials) {
  const now = ctx.deps.clock.now();
  const db = ctx.deps.db.db;
  const order = await findOrder(db, id);
  if (!order) throw notFound(M.notFound);
  only('seller', order, user);
  refuseCorrection(order, now);
  const sealed = ctx.cipher.seal(credentials, id);
  const notice = await db.transaction().execute(async (trx) => {
    const conversationId =
      order.conversationId ?? (await ensureConversation(trx, order.listingId, order.buyerId, order.sellerId, now));
    // The rule is checked again by the write itself: the buyer may have revealed them since they were read.
    const n = await replaceCredentialsIf(trx, { id, sellerId: user.id, conversationId }, sealed, now);
    if (n === null) {
      refuseCorrection((await findOrder(trx, id)) ?? order, now);
      throw conflict(M.stateChanged);
    }
    await insertHistory(trx, {
      orderId: id,
      fromStatus: 'delivered',
      toStatus: 'delivered',
      actorKind: 'seller',
      actorId: user.id,
      reason: credentialsCorrectedReason(n),
      event: 'credentials_corrected',
      createdAt: now,
    });
    await queueCorrectionMail(ctx, trx, order, now);
    return postSystemMessage(trx, { conversationId, body: ORDER_CHAT_MESSAGES.credentialsCorrected, now });
  });
  await publishSystemMessages(ctx.deps, [notice]);
  await publishOrderUpdated(ctx.deps, order);
}
