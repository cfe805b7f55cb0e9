import { formatPrice } from '@accountry/shared/listing-attributes';
import { OFFER_CHAT_MESSAGES as CHAT, OFFER_MESSAGES as M } from '@accountry/shared/offers';
import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import type { Database } from '../../db/database';
import { blockEitherWay } from '../../db/member-blocks';
import { conflict, forbidden, notFound } from '../../lib/app-error';
import type { AppDeps } from '../../app';
import { accountLock, withKeyLocks } from '../../db/key-lock';
import { postSystemMessage, publishSystemMessages, type PostedSystemMessage } from '../chat/system-messages.service';
import { openOffersOf, setOfferStatusIf, type OffersToClose } from './offers.repository';
import { ensureConversation } from './orders.repository';
import { unpaidOrdersOfListing } from './order-listings.repository';
import { queueOfferEndMail, type OfferEnd } from './offer-end-mails';

/**
 * Buying at an accepted offer's price, inside buy-now's transaction (decision 180): only its buyer, on its listing, in
 * its currency, once, before it expires. Returns the offer's price. Blocks are buy-now's to refuse, before this.
 */
export async function useAcceptedOffer(
  trx: Database,
  offerId: string,
  buyer: string,
  listing: { id: string; currency: string },
  now: number,
) {
  const offer = await trx.selectFrom('offers').selectAll().where('id', '=', offerId).executeTakeFirst();
  if (!offer || offer.listingId !== listing.id) throw notFound(M.notFound);
  if (offer.buyerId !== buyer) throw forbidden(M.notYours);
  if (offer.currency !== listing.currency) throw conflict(M.notUsable);
  if (!(await setOfferStatusIf(trx, offerId, ['accepted'], 'used', now))) throw conflict(M.notUsable);
  return offer.amountCents;
}

/** The buyer's accepted offer on the listing that can still be bought, if any. */
export async function acceptedOfferOf(trx: Database, buyerId: string, listingId: string, now: number) {
  const row = await trx
    .selectFrom('offers')
    .select('id')
    .where('listingId', '=', listingId)
    .where('buyerId', '=', buyerId)
    .where('status', '=', 'accepted')
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return row?.id;
}

/** Remember which order used the offer. */
export async function linkOfferToOrder(trx: Database, offerId: string, orderId: string) {
  await trx.updateTable('offers').set({ orderId }).where('id', '=', offerId).execute();
}

/** An order that ends unpaid gives its offer back to its buyer until the offer's own time is up; after, it expired. */
export async function returnOfferOfUnpaidOrder(trx: Database, orderId: string, now: number) {
  const used = trx.updateTable('offers').where('orderId', '=', orderId).where('status', '=', 'used');
  // Nothing to buy again, so it ends now: a block made while the order was unpaid closed the two members' open offers
  // but not this one (a block ends the negotiation, decision 180, so the price agreed before it cannot be bought after
  // an unblock), and its listing may have been deleted meanwhile (an admin's delete may take a listing an unpaid order
  // holds).
  const blocked = blockEitherWay(sql.raw<string>('offers.buyer_id'), sql.raw<string>('offers.seller_id'));
  const listingGone = (eb: ExpressionBuilder<DB, 'offers'>) =>
    eb.exists(
      eb
        .selectFrom('listings')
        .select('listings.id')
        .whereRef('listings.id', '=', 'offers.listingId')
        .where('listings.deletedAt', 'is not', null),
    );
  const over = (eb: ExpressionBuilder<DB, 'offers'>) => eb.or([blocked, listingGone(eb)]);
  await used.set({ status: 'closed', orderId: null, updatedAt: now }).where(over).execute();
  await used.set({ status: 'accepted', orderId: null, updatedAt: now }).where('expiresAt', '>', now).execute();
  await used.set({ status: 'expired', orderId: null, updatedAt: now }).where('expiresAt', '<=', now).execute();
}

/**
 * Whom a closing leaves waiting, and why: the buyers of a listing sold to someone else, and the other side of a closed
 * account. A block is told in the chat only (the blocked member is not told by mail), as is the buyer's own purchase.
 */
function endOf(o: { buyerId: string }, which: OffersToClose): OfferEnd | null {
  if ('between' in which) return null;
  if ('removed' in which) return { kind: 'removed' };
  if ('listingId' in which) return o.buyerId === which.soldTo ? null : { kind: 'sold' };
  return { kind: 'accountClosed', closedSide: o.buyerId === which.userId ? 'buyer' : 'seller' };
}

/** What the offer's chat is told when it is closed. */
function closingNotice(buyerId: string, which: OffersToClose, amount: string) {
  if ('between' in which) return CHAT.blocked(amount);
  if ('removed' in which) return CHAT.removed(amount);
  if ('listingId' in which) return buyerId === which.soldTo ? CHAT.boughtAnyway(amount) : CHAT.sold(amount);
  return CHAT.accountClosed(amount, buyerId === which.userId ? 'buyer' : 'seller');
}

/**
 * Close the open offers that can no longer be bought, each told in its chat: those on a listing sold (to someone else,
 * or to the offer's own buyer at another price), those of an account being closed (decision 169), or those between
 * two members one of whom blocked the other. Returns the chat notices, to publish after the commit.
 */
export async function closeOffers(
  trx: Database,
  publicUrl: string,
  which: OffersToClose,
  now: number,
): Promise<PostedSystemMessage[]> {
  const posted: PostedSystemMessage[] = [];
  for (const o of await openOffersOf(trx, which)) {
    if (!(await setOfferStatusIf(trx, o.id, ['pending', 'countered', 'accepted'], 'closed', now))) continue;
    const amount = formatPrice(o.amountCents, o.currency);
    const body = closingNotice(o.buyerId, which, amount);
    const conversationId = await ensureConversation(trx, o.listingId, o.buyerId, o.sellerId, now);
    posted.push(await postSystemMessage(trx, { conversationId, body, now }));
    const end = endOf(o, which);
    if (end) await queueOfferEndMail(trx, publicUrl, o, end, now);
  }
  return posted;
}

/**
 * A listing that leaves the market without an order (decisions 043, 180): marked sold by its seller, or deleted by
 * them or an admin. `write` ends the listing in a transaction that then closes its open offers, told in their chats
 * after the commit. Both run under the seller's account lock and those of the offers' buyers (and, for a delete, of the
 * unpaid orders' buyers), taken first as answers, orders and payments take them (accounts, then the listing), so no
 * offer is made, accepted or bought, and no order paid, between the end and the closing. `open` opens that
 * transaction with those members' locks (an admin's write opens its own kind).
 */
export async function endListingClosingOffers<T>(
  deps: AppDeps,
  listing: { id: string; sellerId: string },
  end: 'sold' | 'removed',
  write: (trx: Database) => Promise<T>,
  open: OpenWithMemberLocks = (memberIds, fn) => withKeyLocks(deps.db.db, memberIds.map(accountLock), fn),
): Promise<T> {
  const which: OffersToClose =
    end === 'sold' ? { listingId: listing.id, soldTo: null } : { listingId: listing.id, removed: true };
  // A delete also cancels the listing's unpaid orders (an admin's may find some), under their buyers' locks too.
  const buyersOf = async (db: Database) =>
    new Set([
      ...(await openOffersOf(db, which)).map((o) => o.buyerId),
      ...(end === 'removed' ? await unpaidOrdersOfListing(db, listing.id) : []).map((o) => o.buyerId),
    ]);
  for (;;) {
    const buyers = await buyersOf(deps.db.db);
    const done = await open([listing.sellerId, ...buyers], async (trx) => {
      // An offer or order made before the seller's lock was taken has a buyer not locked: again with them (a make waits
      // for the seller's lock, so only one committed between the read above and the locks sends it round again).
      if ([...(await buyersOf(trx))].some((b) => !buyers.has(b))) return null;
      const result = await write(trx);
      return { result, posted: await closeOffers(trx, deps.config.publicUrl, which, deps.clock.now()) };
    });
    if (!done) continue;
    await publishSystemMessages(deps, done.posted);
    return done.result;
  }
}

/** A transaction holding the account locks of the members named. */
export type OpenWithMemberLocks = <R>(memberIds: string[], fn: (trx: Database) => Promise<R>) => Promise<R>;
