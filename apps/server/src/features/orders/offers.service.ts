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
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { refuseWhenWindowFull } from '../../lib/window-allowance';
import { newId } from '../../lib/ids';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import type { AuthUser } from '../../plugins/auth';
import { eitherBlocked } from '../../db/member-blocks';
import { postNoticeWithNote, publishSystemMessages, type PostedSystemMessage } from '../chat/system-messages.service';
import { offerMadeMail } from './offer-mails';
import { expireLapsedOffers } from './offer-sweep';
import { countOpenOffers, findOffer, insertOffer, listOffers, offersMadeSince, toOffer } from './offers.repository';
import { findListingForOrder, listingForBuyer, mayTrade, refuseListingNotForSale } from './order-listings.repository';
import { ensureConversation } from './orders.repository';
import type { OrdersContext } from './orders-context';
import { DAY_MS, HOUR_MS } from '@accountry/shared/durations';

/** A listing open to offers from this buyer now, or the reason it is not. */
async function offerableListing(trx: Database, listingId: string, buyerId: string) {
  const listing = await listingForBuyer(trx, listingId, buyerId, M.ownListing);
  if (!listing.negotiable) throw badRequest(M.notNegotiable);
  await refuseListingNotForSale(trx, listing, {
    notForSale: M.listingNotActive,
    taken: { message: ORDER_MESSAGES.listingTaken, buyerId },
  });
  // As in the chat: a block keeps each side's offers and their mails from the other.
  if (await eitherBlocked(trx, buyerId, listing.sellerId)) throw forbidden(M.blocked);
  return listing;
}

/** Each offer mails a seller: counted over 24 hours whatever became of it, so withdrawing does not free a mail. */
async function refuseOverLimits(
  trx: Database,
  publicUrl: string,
  buyerId: string,
  sellerId: string,
  listingId: string,
  now: number,
) {
  const since = now - DAY_MS;
  const limits = [
    [{ since, listingId }, OFFER_RULES.perListingPerDay, M.tooManyOnListing],
    [{ since, sellerId }, OFFER_RULES.perSellerPerDay, M.tooManyToSeller],
    [{ since }, OFFER_RULES.perDay, M.tooManyToday],
  ] as const;
  for (const [which, limit, message] of limits) {
    const made = await offersMadeSince(trx, buyerId, which);
    refuseWhenWindowFull(made, { max: limit, windowMs: DAY_MS }, now, message);
  }
  // Lapsed ones are over, told in their chats: they neither count nor block a new offer on their listing.
  const lapsed = await expireLapsedOffers(trx, publicUrl, { buyerId }, now);
  if ((await countOpenOffers(trx, buyerId)) >= OFFER_RULES.maxOpen) throw conflict(M.tooManyOpen);
  return lapsed;
}

/**
 * A buyer offers a price for a negotiable listing (decision 180): at least half the price and below it, one open offer
 * per listing, within the day's limits, counted under the buyer's lock. The seller hears of it in the listing's chat
 * (with the buyer's note, if any, as their own message after it) and by mail, and has 48 hours to answer.
 */
export async function makeOffer(ctx: OrdersContext, user: AuthUser, listingId: string, amountCents: number, note = '') {
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
      const lapsed = await refuseOverLimits(trx, deps.config.publicUrl, user.id, listing.sellerId, listingId, now);
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
        expiresAt: now + OFFER_RULES.answerHours * HOUR_MS,
        orderId: null,
      };
      await insertOffer(trx, offer);
      const conversationId = await ensureConversation(trx, listingId, user.id, listing.sellerId, now);
      const amount = formatPrice(amountCents, listing.currency);
      const facts = { ...listing, amountCents, buyerName: user.displayName, expiresAt: offer.expiresAt, note };
      await queueMailToUser(trx, listing.sellerId, (to) => offerMadeMail(deps.config.publicUrl, to.email, facts), now);
      const sender = { id: user.id, side: 'buyer' as const };
      return [
        ...lapsed,
        ...(await postNoticeWithNote(trx, { conversationId, body: CHAT.made(amount), note, sender, now })),
      ];
    });
  } catch (err) {
    // The one-open-offer index: a second request that passed the checks at the same time.
    if (isUniqueViolation(err)) throw conflict(M.alreadyOpen);
    throw err;
  }
  await publishSystemMessages(deps, posted);
  return offerView(ctx, id, user.id);
}

export async function offerView(ctx: OrdersContext, id: string, viewerId: string): Promise<Offer> {
  const row = await findOffer(ctx.deps.db.db, id);
  if (!row) throw notFound(M.notFound);
  return toOffer(row, ctx.deps.clock.now(), viewerId);
}

/** One side's offers, newest first, a page at a time. */
export async function offersPage(
  ctx: OrdersContext,
  user: AuthUser,
  q: { side: 'made' | 'received'; status: 'all' | 'waiting'; listingId?: string; cursor?: string },
): Promise<OffersPage> {
  const after = decodeCursor(q.cursor);
  const now = ctx.deps.clock.now();
  const rows = await listOffers(ctx.deps.db.db, { userId: user.id, ...q, now, after, limit: OFFERS_PAGE_SIZE + 1 });
  const page = rows.slice(0, OFFERS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((r) => toOffer(r, now, user.id)),
    nextCursor: rows.length > OFFERS_PAGE_SIZE && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}
