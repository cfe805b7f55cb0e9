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
import type { OffersTable } from '../../db/schema';
import { pastKeyset, walkInBatches } from '../../lib/walk-in-batches';

const BATCH = 100;

type LapsedOffer = Awaited<ReturnType<typeof lapsedOffers>>[number];

/**
 * Lapsed open offers become expired, each told in its chat (unanswered, or not bought in time). Each is claimed by an
 * update conditioned on the status read, so several processes, or a buyer's new offer and the sweep, tell it once.
 */
export async function expireLapsedOffers(
  trx: Database,
  publicUrl: string,
  which: { buyerId: string },
  now: number,
): Promise<PostedSystemMessage[]> {
  const posted: PostedSystemMessage[] = [];
  for (const o of await lapsedOffers(trx, which, now)) {
    const told = await expireLapsedOffer(trx, publicUrl, o, now);
    if (told) posted.push(told);
  }
  return posted;
}

/** One lapsed offer expired and told in its chat and by mail; null when another took it first. */
async function expireLapsedOffer(trx: Database, publicUrl: string, o: LapsedOffer, now: number) {
  const claimed = await trx
    .updateTable('offers')
    .set({ status: 'expired', updatedAt: now, reminderAt: null })
    .where('id', '=', o.id)
    .where('status', '=', o.status)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return null;
  const amount = formatPrice(o.amountCents, o.currency);
  const body =
    o.status === 'pending'
      ? CHAT.expiredUnanswered(amount)
      : o.status === 'countered'
        ? CHAT.expiredUncountered(formatPrice(o.counterCents ?? o.amountCents, o.currency))
        : CHAT.expiredUnbought(amount);
  const conversationId = await ensureConversation(trx, o.listingId, o.buyerId, o.sellerId, now);
  const posted = await postSystemMessage(trx, { conversationId, body, now });
  await queueOfferEndMail(trx, publicUrl, o, { kind: 'lapsed' }, now);
  return posted;
}

/**
 * Run with the order sweep (decision 180): lapsed offers are expired and told, and a buyer whose accepted offer ends
 * within OFFER_RULES.reminderHours is mailed once (claimed by clearing `reminder_at`). Each offer in its own
 * transaction, walked past those read (decision 241): one that fails (logged, tried again next sweep) holds back none.
 * A lapsed offer's notice is published once its transaction commits.
 */
export async function sweepOffers(ctx: OrdersContext) {
  const { deps } = ctx;
  const db = deps.db.db;
  const now = deps.clock.now();
  let expired = 0;
  await walkInBatches(
    BATCH,
    (after: LapsedOffer | undefined) => lapsedOffers(db, { limit: BATCH, after }, now),
    async (o) => {
      const posted = await db.transaction().execute((trx) => expireLapsedOffer(trx, deps.config.publicUrl, o, now));
      if (!posted) return;
      expired++;
      // Live once committed, as an order's move tells: not held until every lapsed offer is walked.
      await publishSystemMessages(deps, [posted]);
    },
    (err, o) =>
      deps.log.error(
        { err, offerId: o.id },
        'lapsed offer not expired (retried next sweep), or its notice not published live',
      ),
  );
  let reminded = 0;
  await walkInBatches(
    BATCH,
    (after: Pick<OffersTable, 'id' | 'reminderAt'> | undefined) =>
      db
        .selectFrom('offers')
        .select(['id', 'reminderAt'])
        .where('reminderAt', '<=', now)
        .$if(after !== undefined, (q) => q.where(pastKeyset('reminderAt', 'id', [after!.reminderAt!, after!.id])))
        .orderBy('reminderAt')
        .orderBy('id')
        .limit(BATCH)
        .execute(),
    async (r) => {
      if (await remindOfOffer(ctx, r, now)) reminded++;
    },
    (err, r) => deps.log.error({ err, offerId: r.id }, 'offer reminder could not be sent; retried next sweep'),
  );
  return { expired, reminded };
}

/**
 * The buyer of an accepted offer about to end is mailed once, while its listing can still be bought at it (public and
 * for sale: a sold or deleted one is a 404 or no sale behind the mail's link); false when it was sent, or is moot.
 */
function remindOfOffer(ctx: OrdersContext, r: Pick<OffersTable, 'id' | 'reminderAt'>, now: number) {
  const { deps } = ctx;
  return deps.db.db.transaction().execute(async (trx) => {
    const claim = () =>
      trx
        .updateTable('offers')
        .set({ reminderAt: null })
        .where('id', '=', r.id)
        .where('reminderAt', '=', r.reminderAt!);
    // What makes it worth mailing is the claim's condition, so an offer closed or a listing sold meanwhile is seen.
    const offer = await claim()
      .where('status', '=', 'accepted')
      .where('expiresAt', '>', now)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('listings')
            .select('listings.id')
            .whereRef('listings.id', '=', 'offers.listingId')
            .where('listings.status', '=', 'active')
            .where('listings.deletedAt', 'is', null),
        ),
      )
      .returningAll()
      .executeTakeFirst();
    if (!offer) {
      // Cleared whatever became of the offer, so a withdrawn or used one does not come back every sweep.
      await claim().execute();
      return false;
    }
    const listingUrl = `/account/${offer.sellerId}/${offer.listingId}#offer`;
    const facts = { title: offer.listingTitle, ...offer, listingUrl };
    return queueMailToUser(trx, offer.buyerId, (to) => offerEndingMail(deps.config.publicUrl, to.email, facts), now);
  });
}
