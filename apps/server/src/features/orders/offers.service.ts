import { formatPrice } from '@accountry/shared/listing-attributes';
import { ORDER_MESSAGES } from '@accountry/shared/order-messages';
import {
  OFFER_CHAT_MESSAGES as CHAT,
  OFFER_MESSAGES as M,
  OFFER_RULES,
  OFFERS_PAGE_SIZE,
  lowestOffer,
  type Offer,
  type OffersPage,
} from '@accountry/shared/offers';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { accountLock, withKeyLocks } from '../../db/key-lock';
import type { OffersTable } from '../../db/schema';
import { queueMailToUser } from '../../email/mail-to-user';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import type { AuthUser } from '../../plugins/auth';
import { eitherBlocked } from '../chat/safety.service';
import { postSystemMessage, publishSystemMessages, type PostedSystemMessage } from '../chat/system-messages.service';
import { offerAnsweredMail, offerMadeMail, offerWithdrawnMail } from './offer-mails';
import { expireLapsedOffers } from './offer-sweep';
import { countOffers, findOffer, insertOffer, listOffers, setOfferStatusIf, toOffer } from './offers.repository';
import { findListingForOrder, mayTrade } from './order-listings.repository';
import { ensureConversation } from './orders.repository';
import type { OrdersContext } from './orders-context';

const HOUR = 60 * 60 * 1000;
const listingUrl = (o: Pick<OffersTable, 'sellerId' | 'listingId'>) => `/account/${o.sellerId}/${o.listingId}`;

/** A listing open to offers from this buyer now, or the reason it is not. */
async function offerableListing(trx: Database, listingId: string, buyerId: string) {
  const listing = await findListingForOrder(trx, listingId);
  if (!listing || listing.deletedAt) throw notFound('Listing not found');
  if (listing.sellerId === buyerId) throw badRequest(M.ownListing);
  if (!listing.negotiable) throw badRequest(M.notNegotiable);
  if (listing.status !== 'active' || !(await mayTrade(trx, listing.sellerId))) throw conflict(M.listingNotActive);
  // As in the chat: a block keeps each side's offers and their mails from the other.
  if (await eitherBlocked(trx, buyerId, listing.sellerId)) throw forbidden(M.blocked);
  return listing;
}

/** Each offer mails a seller: counted over 24 hours whatever became of it, so withdrawing does not free a mail. */
async function refuseOverLimits(trx: Database, buyerId: string, sellerId: string, listingId: string, now: number) {
  const since = now - 24 * HOUR;
  if ((await countOffers(trx, buyerId, { since, listingId })) >= OFFER_RULES.perListingPerDay)
    throw tooManyRequests(M.tooManyOnListing);
  if ((await countOffers(trx, buyerId, { since, sellerId })) >= OFFER_RULES.perSellerPerDay)
    throw tooManyRequests(M.tooManyToSeller);
  if ((await countOffers(trx, buyerId, { since })) >= OFFER_RULES.perDay) throw tooManyRequests(M.tooManyToday);
  // Lapsed ones are over, told in their chats: they neither count nor block a new offer on their listing.
  const lapsed = await expireLapsedOffers(trx, { buyerId }, now);
  if ((await countOffers(trx, buyerId, { open: true })) >= OFFER_RULES.maxOpen) throw conflict(M.tooManyOpen);
  return lapsed;
}

/**
 * A buyer offers a price for a negotiable listing (decision 180): at least half the price and below it, one open offer
 * per listing, within the day's limits, counted under the buyer's lock. The seller hears of it in the listing's chat
 * and by mail, and has 48 hours to answer.
 */
export async function makeOffer(ctx: OrdersContext, user: AuthUser, listingId: string, amountCents: number) {
  const { deps } = ctx;
  if (user.disabled) throw forbidden(ORDER_MESSAGES.accountDisabled);
  const now = deps.clock.now();
  let posted: PostedSystemMessage[];
  const id = newId();
  try {
    // Both members' account locks, as buy-now and closing an account take them: an offer is not written to or from an
    // account being closed after its offers were closed.
    const seller = (await findListingForOrder(deps.db.db, listingId))?.sellerId ?? '';
    const locks = [`offers:${user.id}`, accountLock(user.id), accountLock(seller)];
    posted = await withKeyLocks(deps.db.db, locks, async (trx) => {
      if (!(await mayTrade(trx, user.id))) throw forbidden(ORDER_MESSAGES.accountDisabled);
      const listing = await offerableListing(trx, listingId, user.id);
      if (amountCents < lowestOffer(listing.priceCents))
        throw badRequest(M.tooLow(listing.priceCents, listing.currency));
      if (amountCents >= listing.priceCents) throw badRequest(M.notBelowPrice);
      const lapsed = await refuseOverLimits(trx, user.id, listing.sellerId, listingId, now);
      const offer: OffersTable = {
        id,
        listingId,
        buyerId: user.id,
        sellerId: listing.sellerId,
        amountCents,
        currency: listing.currency,
        listingTitle: listing.title,
        listingPriceCents: listing.priceCents,
        status: 'pending',
        createdAt: now,
        updatedAt: now,
        expiresAt: now + OFFER_RULES.answerHours * HOUR,
        orderId: null,
      };
      await insertOffer(trx, offer);
      const conversationId = await ensureConversation(trx, listingId, user.id, listing.sellerId, now);
      const amount = formatPrice(amountCents, listing.currency);
      const facts = { ...listing, amountCents, buyerName: user.displayName, expiresAt: offer.expiresAt };
      await queueMailToUser(trx, listing.sellerId, (to) => offerMadeMail(deps.config.publicUrl, to.email, facts), now);
      return [...lapsed, await postSystemMessage(trx, { conversationId, body: CHAT.made(amount), now })];
    });
  } catch (err) {
    // The one-open-offer index: a second request that passed the checks at the same time.
    if (isUniqueViolation(err)) throw conflict(M.alreadyOpen);
    throw err;
  }
  await publishSystemMessages(deps, posted);
  return offerView(ctx, id, user.id);
}

async function offerView(ctx: OrdersContext, id: string, viewerId: string): Promise<Offer> {
  const row = await findOffer(ctx.deps.db.db, id);
  if (!row) throw notFound(M.notFound);
  return toOffer(row, ctx.deps.clock.now(), viewerId);
}

type Answer = 'accept' | 'decline' | 'withdraw';

/** The offer, when the user is the side that may give this answer; a stranger learns nothing of it. */
async function offerFor(db: Database, id: string, user: AuthUser, answer: Answer) {
  const row = await findOffer(db, id);
  if (!row || (row.sellerId !== user.id && row.buyerId !== user.id)) throw notFound(M.notFound);
  if (answer === 'withdraw' && row.buyerId !== user.id) throw forbidden(M.notBuyer);
  if (answer !== 'withdraw' && row.sellerId !== user.id) throw forbidden(M.notSeller);
  return row;
}

/**
 * The seller accepts or declines a pending offer, or the buyer withdraws an open one: each a write conditioned on the
 * status it moves from and on its time not being up (409 otherwise), told in the chat and the other side's mail.
 * Answers run under both members' account locks, which buy-now takes too: the listing is still for sale when the
 * offer is accepted, and both members can still trade.
 */
export async function answerOffer(ctx: OrdersContext, user: AuthUser, id: string, answer: Answer): Promise<Offer> {
  const { deps } = ctx;
  const db = deps.db.db;
  const now = deps.clock.now();
  const row = await offerFor(db, id, user, answer);
  const amount = formatPrice(row.amountCents, row.currency);
  const chat = (trx: Database, body: string) =>
    ensureConversation(trx, row.listingId, row.buyerId, row.sellerId, now).then((conversationId) =>
      postSystemMessage(trx, { conversationId, body, now }),
    );
  // Both members' account locks, taken together as buy-now and closing an account take them: none of the three can
  // wait on a row the other holds while holding what it needs.
  const posted = await withKeyLocks(db, [accountLock(row.sellerId), accountLock(row.buyerId)], async (trx) => {
    if (answer === 'accept') {
      const listing = await findListingForOrder(trx, row.listingId);
      if (!listing || listing.deletedAt || listing.status !== 'active' || !(await mayTrade(trx, row.sellerId)))
        throw conflict(M.listingNotActive);
      if (!(await mayTrade(trx, row.buyerId))) throw conflict(M.partyClosed);
      const expiresAt = now + OFFER_RULES.buyHours * HOUR;
      const reminderAt = expiresAt - OFFER_RULES.reminderHours * HOUR;
      if (!(await setOfferStatusIf(trx, id, ['pending'], 'accepted', now, { expiresAt, reminderAt })))
        throw conflict(M.notPending);
      await mailAnswer(ctx, trx, row, { accepted: true, expiresAt, priceCents: listing.priceCents }, now);
      return chat(trx, CHAT.accepted(amount));
    }
    if (answer === 'decline') {
      if (!(await setOfferStatusIf(trx, id, ['pending'], 'declined', now))) throw conflict(M.notPending);
      await mailAnswer(ctx, trx, row, { accepted: false, expiresAt: now, priceCents: row.livePriceCents }, now);
      return chat(trx, CHAT.declined(amount));
    }
    // Decided on the status the write left: a seller who accepted is waiting for a sale, and hears it will not come.
    const wasAccepted = await setOfferStatusIf(trx, id, ['accepted'], 'withdrawn', now);
    if (!wasAccepted && !(await setOfferStatusIf(trx, id, ['pending'], 'withdrawn', now))) throw conflict(M.notPending);
    if (wasAccepted) {
      const facts = {
        title: row.title,
        amountCents: row.amountCents,
        currency: row.currency,
        buyerName: row.buyerName,
      };
      const mail = (to: { email: string }) => offerWithdrawnMail(deps.config.publicUrl, to.email, facts);
      await queueMailToUser(trx, row.sellerId, mail, now);
    }
    return chat(trx, CHAT.withdrawn(amount));
  });
  await publishSystemMessages(deps, [posted]);
  return offerView(ctx, id, user.id);
}

function mailAnswer(
  ctx: OrdersContext,
  trx: Database,
  o: OffersTable & { title: string },
  answer: { accepted: boolean; expiresAt: number; priceCents: number },
  now: number,
) {
  const facts = { ...o, ...answer, listingUrl: `${listingUrl(o)}${answer.accepted ? '#offer' : ''}` };
  return queueMailToUser(trx, o.buyerId, (to) => offerAnsweredMail(ctx.deps.config.publicUrl, to.email, facts), now);
}

/** One side's offers, newest first, a page at a time. */
export async function offersPage(
  ctx: OrdersContext,
  user: AuthUser,
  q: { side: 'made' | 'received'; listingId?: string; cursor?: string },
): Promise<OffersPage> {
  const after = decodeCursor(q.cursor);
  const rows = await listOffers(ctx.deps.db.db, { userId: user.id, ...q, after, limit: OFFERS_PAGE_SIZE + 1 });
  const page = rows.slice(0, OFFERS_PAGE_SIZE);
  const last = page.at(-1);
  const now = ctx.deps.clock.now();
  return {
    items: page.map((r) => toOffer(r, now, user.id)),
    nextCursor: rows.length > OFFERS_PAGE_SIZE && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}
