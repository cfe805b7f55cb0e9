import { ORDER_CHAT_MESSAGES, ORDER_MESSAGES as M } from '@accountry/shared/order-messages';
import { DUE_RULES, MAX_UNPAID_ORDERS, UNPAID_ORDERS_PER_SELLER_PER_DAY } from '@accountry/shared/order-state';
import { DAY_MS } from '@accountry/shared/durations';
import type { CreateOrderInput } from '@accountry/shared/orders';
import type { OrdersTable } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { accountLock, withKeyLocks } from '../../db/key-lock';
import { eitherBlocked } from '../../db/member-blocks';
import type { AuthUser } from '../../plugins/auth';
import { conflict, forbidden } from '../../lib/app-error';
import { refuseWhenWindowFull } from '../../lib/window-allowance';
import { newId } from '../../lib/ids';
import { postSystemMessage, publishSystemMessages } from '../chat/system-messages.service';
import type { OrdersContext } from './orders-context';
import {
  ensureConversation,
  insertHistory,
  insertOrder,
  unpaidOrderCount,
  unpaidOrdersWithSellerSince,
} from './orders.repository';
import {
  findListingForOrder,
  firstThumbOf,
  listingForBuyer,
  mayTrade,
  refuseListingNotForSale,
  setListingStatusIf,
} from './order-listings.repository';
import { acceptedOfferOf, linkOfferToOrder, useAcceptedOffer } from './offer-purchase.service';

/** The order binds what the buyer confirmed: a price or term changed since is a 409, not an order on other terms. */
function refuseChangedTerms(
  expected: Pick<CreateOrderInput, 'expectedPriceCents' | 'expectedDeliveryTime' | 'expectedProtectionDays'>,
  terms: { priceCents: number; deliveryTime: string; protectionDays: number },
) {
  const differs = (seen: unknown, now: unknown) => seen !== undefined && seen !== now;
  if (differs(expected.expectedPriceCents, terms.priceCents)) throw conflict(M.priceChanged);
  const { expectedDeliveryTime: delivery, expectedProtectionDays: protection } = expected;
  if (differs(delivery, terms.deliveryTime) || differs(protection, terms.protectionDays))
    throw conflict(M.termsChanged);
}

/**
 * Buy now: one order for the listing's price (or an accepted offer's, decision 180); the listing is reserved, and the database allows one open order. The
 * buyer's unpaid orders are counted under their lock, so parallel requests cannot pass the limit together.
 */
export async function buyNow(
  ctx: OrdersContext,
  user: AuthUser,
  listingId: string,
  { offerId, ...expected }: Omit<CreateOrderInput, 'listingId'> = {},
): Promise<OrdersTable> {
  if (user.disabled) throw forbidden(M.accountDisabled);
  const now = ctx.deps.clock.now();
  // The seller never changes: known before the locks, so both accounts' locks are taken (a deletion waits for them).
  const seller = (await findListingForOrder(ctx.deps.db.db, listingId))?.sellerId ?? '';
  const locks = [`unpaid-orders:${user.id}`, accountLock(user.id), accountLock(seller)];
  try {
    const { order, notice } = await withKeyLocks(ctx.deps.db.db, locks, async (trx) => {
      // A restored account trades again; one deleted and awaiting review, or disabled, does not.
      if (!(await mayTrade(trx, user.id))) throw forbidden(M.accountDisabled);
      // The row is taken as read: the price and terms the order copies stay the listing's until it commits.
      const listing = await listingForBuyer(trx, listingId, user.id, M.ownListing, { lock: true });
      await refuseListingNotForSale(trx, listing, {
        notForSale: M.listingNotActive,
        taken: { message: M.listingTaken, buyerId: user.id },
      });
      // Either side's block refuses the purchase, at the price or an offer's. Read under the locks: a block committed
      // while this order waited is seen; one after comes after the purchase (its closing of offers waits for it).
      if (await eitherBlocked(trx, user.id, listing.sellerId)) throw forbidden(M.blocked);
      if ((await unpaidOrderCount(trx, user.id)) >= MAX_UNPAID_ORDERS) throw conflict(M.tooManyUnpaid);
      // Each unpaid order's end mails the seller: counted over 24 hours whatever became of it (decision 198).
      const unpaid = await unpaidOrdersWithSellerSince(trx, user.id, listing.sellerId, now - DAY_MS);
      const limit = { max: UNPAID_ORDERS_PER_SELLER_PER_DAY, windowMs: DAY_MS };
      refuseWhenWindowFull(unpaid, limit, now, M.tooManyUnpaidWithSeller);
      // An accepted offer is bought at its price, or at the listing's if the seller has since asked less; the buyer's
      // accepted offer on the listing is used when none is named, so the agreed price is the one they pay.
      const offer = offerId ?? (await acceptedOfferOf(trx, user.id, listing.id, now));
      const priceCents = offer
        ? Math.min(await useAcceptedOffer(trx, offer, user.id, listing, now), listing.priceCents)
        : listing.priceCents;
      const protectionDays = listing.protectionDays ?? 14;
      refuseChangedTerms(expected, { priceCents, deliveryTime: listing.deliveryTime, protectionDays });
      if (!(await setListingStatusIf(trx, listing.id, 'active', 'reserved', now))) throw conflict(M.listingTaken);
      const order: OrdersTable = {
        id: newId(),
        listingId: listing.id,
        buyerId: user.id,
        sellerId: listing.sellerId,
        priceCents,
        currency: listing.currency,
        feeCents: null,
        refundedCents: 0,
        status: 'pending_payment',
        provider: ctx.provider.name,
        providerRef: null,
        checkoutExpiryOwedAt: null,
        deliveryTime: listing.deliveryTime,
        protectionDays,
        conversationId: await ensureConversation(trx, listing.id, user.id, listing.sellerId, now),
        listingThumbUrl: await firstThumbOf(trx, listing.id),
        createdAt: now,
        updatedAt: now,
        paidAt: null,
        deliveredAt: null,
        protectionStartedAt: null,
        completedAt: null,
        dueAt: now + DUE_RULES.pending_payment!.after({ deliveryTime: 'instant', protectionDays: 0 }),
        dueAction: 'expire',
        reminderAt: null,
        disputeReason: null,
        disputeOpenedAt: null,
        sellerAnswerDueAt: null,
        pausedRemainingMs: null,
        decisionOutcome: null,
        decisionReason: null,
        decidedBy: null,
        decidedAt: null,
        credentialsCipher: null,
        credentialsEraseAt: null,
        credentialsErasedAt: null,
        credentialsRevealedAt: null,
        credentialsCorrections: 0,
        chargebackHoldSince: null,
      };
      await insertOrder(trx, order);
      if (offer) await linkOfferToOrder(trx, offer, order.id);
      await insertHistory(trx, {
        orderId: order.id,
        fromStatus: null,
        toStatus: 'pending_payment',
        actorKind: 'buyer',
        actorId: user.id,
        reason: '',
        createdAt: now,
      });
      const notice = await postSystemMessage(trx, {
        conversationId: order.conversationId!,
        body: ORDER_CHAT_MESSAGES.created,
        now,
      });
      return { order, notice };
    });
    await publishSystemMessages(ctx.deps, [notice]);
    return order;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.listingTaken);
    throw err;
  }
}
