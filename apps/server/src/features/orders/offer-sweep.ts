import { formatPrice } from '@accountry/shared/listing-attributes';
import { OFFER_CHAT_MESSAGES as CHAT } from '@accountry/shared/offers';
import type { Database } from '../../db/database';
import { queueMailToUser } from '../../email/mail-to-user';
import { postSystemMessage, publishSystemMessages, type PostedSystemMessage } from '../chat/system-messages.service';
import { offerEndingMail } from './offer-mails';
import { queueOfferEndMail } from './offer-end-mails';
import { lapsedOffers } from './offers.repository';
import { ensureConversation } from './orders.repository';
import type { OrdersContext } from './orders-context';

const BATCH = 100;

/**
 * Lapsed open offers become expired, each told in its chat (unanswered, or not bought in time). Each is claimed by an
 * update conditioned on the status read, so several processes, or a buyer's new offer and the sweep, tell it once.
 */
export async function expireLapsedOffers(
  trx: Database,
  publicUrl: string,
  which: { buyerId: string } | { limit: number },
  now: number,
): Promise<PostedSystemMessage[]> {
  const posted: PostedSystemMessage[] = [];
  for (const o of await lapsedOffers(trx, which, now)) {
    const claimed = await trx
      .updateTable('offers')
      .set({ status: 'expired', updatedAt: now, reminderAt: null })
      .where('id', '=', o.id)
      .where('status', '=', o.status)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const amount = formatPrice(o.amountCents, o.currency);
    const body =
      o.status === 'pending'
        ? CHAT.expiredUnanswered(amount)
        : o.status === 'countered'
          ? CHAT.expiredUncountered(formatPrice(o.counterCents ?? o.amountCents, o.currency))
          : CHAT.expiredUnbought(amount);
    const conversationId = await ensureConversation(trx, o.listingId, o.buyerId, o.sellerId, now);
    posted.push(await postSystemMessage(trx, { conversationId, body, now }));
    await queueOfferEndMail(trx, publicUrl, o, { kind: 'lapsed' }, now);
  }
  return posted;
}

/**
 * Run with the order sweep (decision 180): lapsed offers are expired and told, and a buyer whose accepted offer ends
 * within OFFER_RULES.reminderHours is mailed once (claimed by clearing `reminder_at`).
 */
export async function sweepOffers(ctx: OrdersContext) {
  const { deps } = ctx;
  const db = deps.db.db;
  const now = deps.clock.now();
  let expired = 0;
  for (;;) {
    const posted = await db
      .transaction()
      .execute((trx) => expireLapsedOffers(trx, deps.config.publicUrl, { limit: BATCH }, now));
    await publishSystemMessages(deps, posted);
    expired += posted.length;
    if (posted.length < BATCH) break;
  }
  const due = await db
    .selectFrom('offers')
    .select(['id', 'reminderAt'])
    .where('reminderAt', '<=', now)
    .limit(BATCH)
    .execute();
  let reminded = 0;
  for (const r of due) {
    const sent = await db.transaction().execute(async (trx) => {
      // Cleared whatever became of the offer, so a withdrawn or used one does not come back every sweep.
      const offer = await trx
        .updateTable('offers')
        .set({ reminderAt: null })
        .where('id', '=', r.id)
        .where('reminderAt', '=', r.reminderAt!)
        .returningAll()
        .executeTakeFirst();
      if (offer?.status !== 'accepted' || offer.expiresAt <= now) return false;
      const listingUrl = `/account/${offer.sellerId}/${offer.listingId}#offer`;
      const facts = { title: offer.listingTitle, ...offer, listingUrl };
      return queueMailToUser(trx, offer.buyerId, (to) => offerEndingMail(deps.config.publicUrl, to.email, facts), now);
    });
    if (sent) reminded++;
  }
  return { expired, reminded };
}
