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
import { withKeyLocks } from '../../db/key-lock';
import type { OffersTable } from '../../db/schema';
import { queueMailToUser } from '../../email/mail-to-user';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import type { AuthUser } from '../../plugins/auth';
import { postSystemMessage, publishSystemMessages, type PostedSystemMessage } from '../chat/system-messages.service';
import { offerAnsweredMail, offerMadeMail } from './offer-mails';
import {
  countOffers,
  expireLapsedOffers,
  findOffer,
  insertOffer,
  listOffers,
  setOfferStatusIf,
  toOffer,
} from './offers.repository';
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
  const negotiable = await trx
    .selectFrom('listings')
    .select('negotiable')
    .where('id', '=', listingId)
    .executeTakeFirst();
  if (!negotiable?.negotiable) throw badRequest(M.notNegotiable);
  if (listing.status !== 'active' || !(await mayTrade(trx, listing.sellerId))) throw conflict(M.listingNotActive);
  return listing;
}

/**
 * A buyer offers a price for a negotiable listing (decision 180): at least half the price and below it, one open offer
 * per listing, three a day per listing and ten open at once, counted under the buyer's lock. The seller hears of it in
 * the listing's chat and by mail, and has 48 hours to answer.
 */
export async function makeOffer(ctx: OrdersContext, user: AuthUser, listingId: string, amountCents: number) {
  const { deps } = ctx;
  if (user.disabled) throw forbidden(ORDER_MESSAGES.accountDisabled);
  const now = deps.clock.now();
  let posted: PostedSystemMessage;
  const id = newId();
  try {
    posted = await withKeyLocks(deps.db.db, [`offers:${user.id}`], async (trx) => {
      if (!(await mayTrade(trx, user.id))) throw forbidden(ORDER_MESSAGES.accountDisabled);
      const listing = await offerableListing(trx, listingId, user.id);
      if (amountCents < lowestOffer(listing.priceCents))
        throw badRequest(M.tooLow(listing.priceCents, listing.currency));
      if (amountCents >= listing.priceCents) throw badRequest(M.notBelowPrice);
      await expireLapsedOffers(trx, user.id, now);
      const since = now - 24 * HOUR;
      if ((await countOffers(trx, user.id, { listingId, since })) >= OFFER_RULES.perListingPerDay)
        throw tooManyRequests(M.tooManyOnListing);
      if ((await countOffers(trx, user.id, { open: true })) >= OFFER_RULES.maxOpen) throw conflict(M.tooManyOpen);
      const offer: OffersTable = {
        id,
        listingId,
        buyerId: user.id,
        sellerId: listing.sellerId,
        amountCents,
        currency: listing.currency,
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
      return postSystemMessage(trx, { conversationId, body: CHAT.made(amount), now });
    });
  } catch (err) {
    // The one-open-offer index: a second request that passed the checks at the same time.
    if (isUniqueViolation(err)) throw conflict(M.alreadyOpen);
    throw err;
  }
  await publishSystemMessages(deps, [posted]);
  return offerView(ctx, id);
}

async function offerView(ctx: OrdersContext, id: string): Promise<Offer> {
  const row = await findOffer(ctx.deps.db.db, id);
  if (!row) throw notFound(M.notFound);
  return toOffer(row, ctx.deps.clock.now());
}

/** The offer, when the user is its seller (`side` seller) or its buyer; a stranger learns nothing of it. */
async function offerFor(db: Database, id: string, user: AuthUser, side: 'seller' | 'buyer') {
  const row = await findOffer(db, id);
  if (!row || (row.sellerId !== user.id && row.buyerId !== user.id)) throw notFound(M.notFound);
  if ((side === 'seller' ? row.sellerId : row.buyerId) !== user.id) throw forbidden(M.notYours);
  return row;
}

type Answer = 'accept' | 'decline' | 'withdraw';

/**
 * The seller accepts or declines a pending offer, or the buyer withdraws an open one: each a write conditioned on the
 * status it moves from and on its time not being up (409 otherwise), told in the chat and, for answers, by mail.
 */
export async function answerOffer(ctx: OrdersContext, user: AuthUser, id: string, answer: Answer): Promise<Offer> {
  const { deps } = ctx;
  const db = deps.db.db;
  const now = deps.clock.now();
  const row = await offerFor(db, id, user, answer === 'withdraw' ? 'buyer' : 'seller');
  const amount = formatPrice(row.amountCents, row.currency);
  const posted = await db.transaction().execute(async (trx) => {
    if (answer === 'accept') {
      const listing = await findListingForOrder(trx, row.listingId);
      if (!listing || listing.deletedAt || listing.status !== 'active') throw conflict(M.listingNotActive);
      const expiresAt = now + OFFER_RULES.buyHours * HOUR;
      if (!(await setOfferStatusIf(trx, id, ['pending'], 'accepted', now, { expiresAt }))) throw conflict(M.notPending);
      await mailAnswer(ctx, trx, row, { accepted: true, expiresAt, priceCents: listing.priceCents }, now);
      return postSystemMessage(trx, { conversationId: await chatOf(trx, row, now), body: CHAT.accepted(amount), now });
    }
    if (answer === 'decline') {
      if (!(await setOfferStatusIf(trx, id, ['pending'], 'declined', now))) throw conflict(M.notPending);
      await mailAnswer(ctx, trx, row, { accepted: false, expiresAt: now, priceCents: row.listingPriceCents }, now);
      return postSystemMessage(trx, { conversationId: await chatOf(trx, row, now), body: CHAT.declined(amount), now });
    }
    if (!(await setOfferStatusIf(trx, id, ['pending', 'accepted'], 'withdrawn', now))) throw conflict(M.notPending);
    return postSystemMessage(trx, { conversationId: await chatOf(trx, row, now), body: CHAT.withdrawn(amount), now });
  });
  await publishSystemMessages(deps, [posted]);
  return offerView(ctx, id);
}

const chatOf = (trx: Database, o: OffersTable, now: number) =>
  ensureConversation(trx, o.listingId, o.buyerId, o.sellerId, now);

function mailAnswer(
  ctx: OrdersContext,
  trx: Database,
  o: OffersTable & { title: string },
  answer: { accepted: boolean; expiresAt: number; priceCents: number },
  now: number,
) {
  const facts = { ...o, ...answer, listingUrl: listingUrl(o) };
  return queueMailToUser(trx, o.buyerId, (to) => offerAnsweredMail(ctx.deps.config.publicUrl, to.email, facts), now);
}

/**
 * Buying at an accepted offer's price, inside buy-now's transaction: only its buyer, on its listing, once, before it
 * expires. Returns the price to charge: the offer's, or the listing's if the seller has since asked less.
 */
export async function useAcceptedOffer(
  trx: Database,
  offerId: string,
  buyerId: string,
  listingId: string,
  now: number,
) {
  const offer = await trx.selectFrom('offers').selectAll().where('id', '=', offerId).executeTakeFirst();
  if (!offer || offer.listingId !== listingId) throw notFound(M.notFound);
  if (offer.buyerId !== buyerId) throw forbidden(M.notYours);
  if (!(await setOfferStatusIf(trx, offerId, ['accepted'], 'used', now))) throw conflict(M.notUsable);
  return offer.amountCents;
}

/** An order that ends unpaid gives its offer back to its buyer, until the offer's own time is up. */
export async function returnOfferOfUnpaidOrder(trx: Database, orderId: string, now: number) {
  await trx
    .updateTable('offers')
    .set({ status: 'accepted', orderId: null, updatedAt: now })
    .where('orderId', '=', orderId)
    .where('status', '=', 'used')
    .where('expiresAt', '>', now)
    .execute();
}

/** Remember which order used the offer. */
export async function linkOfferToOrder(trx: Database, offerId: string, orderId: string) {
  await trx.updateTable('offers').set({ orderId }).where('id', '=', offerId).execute();
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
    items: page.map((r) => toOffer(r, now)),
    nextCursor: rows.length > OFFERS_PAGE_SIZE && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}
