import { formatPrice } from '@accountry/shared/listing-attributes';
import { OFFER_CHAT_MESSAGES as CHAT, OFFER_MESSAGES as M, OFFER_RULES, type Offer } from '@accountry/shared/offers';
import type { Database } from '../../db/database';
import { accountLock, withKeyLocks } from '../../db/key-lock';
import type { OffersTable } from '../../db/schema';
import { queueMailToUser } from '../../email/mail-to-user';
import type { Mail } from '../../email/mailer';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { eitherBlocked } from '../../db/member-blocks';
import { postNoticeWithNote, postSystemMessage, publishSystemMessages } from '../chat/system-messages.service';
import { counterAcceptedMail, offerAnsweredMail, offerCounteredMail, offerWithdrawnMail } from './offer-mails';
import { findOffer, listingAsSeenBy, setOfferStatusIf } from './offers.repository';
import { queueOfferEndMail } from './offer-end-mails';
import { offerView } from './offers.service';
import { findListingForOrder, mayTrade, refuseListingNotForSale } from './order-listings.repository';
import { ensureConversation } from './orders.repository';
import type { OrdersContext } from './orders-context';
import { HOUR_MS } from '@accountry/shared/durations';

/** Who gives each answer: the seller to an offer, the buyer to the seller's price or to their own offer. */
const BY_BUYER = { accept: false, decline: false, counter: false, 'accept-counter': true, withdraw: true } as const;
export type Answer = keyof typeof BY_BUYER;

const listingUrl = (o: Pick<OffersTable, 'sellerId' | 'listingId'>, hash = '') =>
  `/account/${o.sellerId}/${o.listingId}${hash}`;

/** The offer, when the user is the side that may give this answer; a stranger learns nothing of it. */
async function offerFor(db: Database, id: string, user: AuthUser, answer: Answer) {
  const row = await findOffer(db, id);
  if (!row || (row.sellerId !== user.id && row.buyerId !== user.id)) throw notFound(M.notFound);
  if (BY_BUYER[answer] && row.buyerId !== user.id) throw forbidden(M.notBuyer);
  if (!BY_BUYER[answer] && row.sellerId !== user.id) throw forbidden(M.notSeller);
  return row;
}

/** The listing, still for sale, and both members still able to trade and talking: what agreeing on a price needs. */
async function tradableListing(trx: Database, o: OffersTable) {
  const listing = await findListingForOrder(trx, o.listingId);
  if (!listing) throw conflict(M.listingNotActive);
  // Either side may be answering here, so a listing another buyer holds is told as not for sale to both.
  await refuseListingNotForSale(trx, listing, { notForSale: M.listingNotActive });
  if (!(await mayTrade(trx, o.buyerId))) throw conflict(M.partyClosed);
  // A block since the offer was made ends the negotiation, as it ends the chat.
  if (await eitherBlocked(trx, o.buyerId, o.sellerId)) throw forbidden(M.blockedAnswer);
  return listing;
}

/**
 * The seller accepts, declines or answers with a price of their own (a counter-offer) a pending offer; the buyer
 * accepts that price, or withdraws: each a write conditioned on the status it moves from and on its time not being up
 * (409 otherwise), told in the chat and the other side's mail. Answers run under both members' account locks, taken
 * together as buy-now and closing an account take them: an agreement decides on the listing still for sale and both
 * members able to trade, and none of the three can wait on a row another holds while holding what it needs.
 */
export async function answerOffer(
  ctx: OrdersContext,
  user: AuthUser,
  id: string,
  answer: Answer,
  counterCents?: number,
  /** The seller's words with a counter-offer, posted as their own message after the notice. */
  note = '',
): Promise<Offer> {
  const { deps } = ctx;
  const db = deps.db.db;
  const now = deps.clock.now();
  // Who may answer is known before the locks (the parties never change); what the offer says is read under them.
  const asked = await offerFor(db, id, user, answer);
  const mailTo = (trx: Database, userId: string, build: (to: string) => Mail) =>
    queueMailToUser(trx, userId, (to) => build(to.email), now);
  const bought = now + OFFER_RULES.buyHours * HOUR_MS;
  const toBuy = { expiresAt: bought, reminderAt: bought - OFFER_RULES.reminderHours * HOUR_MS };
  const posted = await withKeyLocks(db, [accountLock(asked.sellerId), accountLock(asked.buyerId)], async (trx) => {
    // Every answer writes under these locks: this read is what the offer says now, not what it said before them.
    const row = (await findOffer(trx, id))!;
    const price = (cents: number) => formatPrice(cents, row.currency);
    const amount = price(row.amountCents);
    const conversation = () => ensureConversation(trx, row.listingId, row.buyerId, row.sellerId, now);
    const chat = async (body: string) => [
      await postSystemMessage(trx, { conversationId: await conversation(), body, now }),
    ];
    if (answer === 'accept') {
      const listing = await tradableListing(trx, row);
      if (!(await setOfferStatusIf(trx, id, ['pending'], 'accepted', now, toBuy))) throw conflict(M.notPending);
      const facts = { ...row, accepted: true, ...toBuy, priceCents: listing.priceCents };
      await mailTo(trx, row.buyerId, (to) =>
        offerAnsweredMail(deps.config.publicUrl, to, { ...facts, listingUrl: listingUrl(row, '#offer') }),
      );
      return chat(CHAT.accepted(amount));
    }
    if (answer === 'counter') {
      const listing = await tradableListing(trx, row);
      if (listing.priceCents - row.amountCents < 2) throw conflict(M.noRoomToCounter);
      if (counterCents === undefined || counterCents <= row.amountCents || counterCents >= listing.priceCents)
        throw badRequest(M.counterBetween(row.amountCents, listing.priceCents, row.currency));
      const expiresAt = now + OFFER_RULES.answerHours * HOUR_MS;
      if (!(await setOfferStatusIf(trx, id, ['pending'], 'countered', now, { expiresAt, counterCents })))
        throw conflict(M.notPending);
      const facts = { ...row, counterCents, expiresAt, listingUrl: listingUrl(row, '#offer'), note };
      await mailTo(trx, row.buyerId, (to) => offerCounteredMail(deps.config.publicUrl, to, facts));
      const body = CHAT.countered(amount, price(counterCents));
      const sender = { id: row.sellerId, side: 'seller' as const };
      return postNoticeWithNote(trx, { conversationId: await conversation(), body, note, sender, now });
    }
    if (answer === 'accept-counter') {
      await tradableListing(trx, row);
      const agreed = row.counterCents;
      if (row.status !== 'countered' || agreed == null) throw conflict(M.notCountered);
      // The seller's price becomes the offer's: what buying at it charges.
      const patch = { ...toBuy, amountCents: agreed };
      if (!(await setOfferStatusIf(trx, id, ['countered'], 'accepted', now, patch))) throw conflict(M.notCountered);
      const facts = { ...row, amountCents: agreed };
      await mailTo(trx, row.sellerId, (to) => counterAcceptedMail(deps.config.publicUrl, to, facts));
      return chat(CHAT.counterAccepted(price(agreed)));
    }
    if (answer === 'decline') {
      if (!(await setOfferStatusIf(trx, id, ['pending'], 'declined', now))) throw conflict(M.notPending);
      // A decline needs no listing on sale: the buyer reads of the listing only what their offers page shows them.
      const seen = listingAsSeenBy(row, row.buyerId);
      const removed = seen.status === 'removed';
      const facts = { ...row, accepted: false, expiresAt: now, title: seen.title, priceCents: seen.priceCents };
      await mailTo(trx, row.buyerId, (to) =>
        offerAnsweredMail(deps.config.publicUrl, to, { ...facts, removed, listingUrl: listingUrl(row) }),
      );
      return chat(CHAT.declined(amount));
    }
    // A withdrawal, decided on the status its write left: a seller who accepted is waiting for a sale, and hears it
    // will not come; a seller who named a price hears the buyer's no in the chat.
    if (await setOfferStatusIf(trx, id, ['accepted'], 'withdrawn', now)) {
      const facts = {
        title: row.title,
        amountCents: row.amountCents,
        currency: row.currency,
        buyerName: row.buyerName,
      };
      await mailTo(trx, row.sellerId, (to) => offerWithdrawnMail(deps.config.publicUrl, to, facts));
      return chat(CHAT.withdrawn(amount));
    }
    if (await setOfferStatusIf(trx, id, ['countered'], 'withdrawn', now)) {
      const end = { kind: 'counterDeclined' as const, buyerName: row.buyerName };
      await queueOfferEndMail(trx, deps.config.publicUrl, row, end, now);
      return chat(CHAT.counterDeclined(price(row.counterCents!)));
    }
    if (await setOfferStatusIf(trx, id, ['pending'], 'withdrawn', now)) return chat(CHAT.withdrawn(amount));
    throw conflict(M.notPending);
  });
  await publishSystemMessages(deps, posted);
  return offerView(ctx, id, user.id);
}
