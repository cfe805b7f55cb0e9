import { OFFER_CHAT_MESSAGES as CHAT, OFFER_RULES, lowestOffer, type OfferStatus } from '@accountry/shared/offers';
import { formatPrice } from '@accountry/shared/listing-attributes';
import { newId } from '../lib/ids';
import { postSystemMessage } from '../features/chat/system-messages.service';
import { ensureConversation } from '../features/orders/orders.repository';
import type { SeedContext } from './seed-demo-data';
import { HOUR_MS } from '@accountry/shared/durations';

/**
 * Order 37: offers for the demo sign-ins to find (decision 180): the demo seller has one waiting for an answer, the
 * demo buyer one accepted (to buy at its price) and one declined, each told in its listing's chat.
 */
export async function seedOffers({ db, clock, users }: SeedContext) {
  const now = clock.now();
  const listings = await db
    .selectFrom('listings')
    .select(['id', 'sellerId', 'title', 'priceCents', 'currency'])
    .where('sellerId', '=', users.seller)
    .where('status', '=', 'active')
    .where('negotiable', '=', true)
    .where('deletedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .limit(3)
    .execute();
  const plans: Array<{ buyer: string; status: OfferStatus; at: number; share: number }> = [
    { buyer: users.buyer2, status: 'pending', at: now - 3 * HOUR_MS, share: 0.85 },
    { buyer: users.buyer, status: 'accepted', at: now - 2 * HOUR_MS, share: 0.9 },
    { buyer: users.buyer, status: 'declined', at: now - 30 * HOUR_MS, share: 0.6 },
  ];
  for (const [i, l] of listings.entries()) {
    const plan = plans[i]!;
    const amountCents = Math.max(lowestOffer(l.priceCents), Math.floor((l.priceCents * plan.share) / 100) * 100);
    const expiresAt =
      plan.status === 'accepted'
        ? plan.at + OFFER_RULES.buyHours * HOUR_MS
        : plan.at + OFFER_RULES.answerHours * HOUR_MS;
    await db
      .insertInto('offers')
      .values({
        id: newId(),
        listingId: l.id,
        buyerId: plan.buyer,
        sellerId: l.sellerId,
        amountCents,
        currency: l.currency,
        listingTitle: l.title,
        listingPriceCents: l.priceCents,
        status: plan.status,
        createdAt: plan.at - HOUR_MS,
        updatedAt: plan.at,
        expiresAt,
        orderId: null,
        reminderAt: plan.status === 'accepted' ? expiresAt - OFFER_RULES.reminderHours * HOUR_MS : null,
      })
      .execute();
    const conversationId = await ensureConversation(db, l.id, plan.buyer, l.sellerId, plan.at - HOUR_MS);
    const amount = formatPrice(amountCents, l.currency);
    await postSystemMessage(db, { conversationId, body: CHAT.made(amount), now: plan.at - HOUR_MS });
    if (plan.status !== 'pending')
      await postSystemMessage(db, {
        conversationId,
        body: plan.status === 'accepted' ? CHAT.accepted(amount) : CHAT.declined(amount),
        now: plan.at,
      });
  }
}
