import { PRICE_DROP_MIN_PERCENT } from '@accountry/shared/email-preferences';
import { formatPrice } from '@accountry/shared/listing-attributes';
import type { Database } from '../../db/database';
import { noBlockBetween } from '../../db/member-blocks';
import { mailLayout } from '../../email/mail-layout';
import { queueMail } from '../../email/mail-outbox';
import type { MailLinks } from '../../email/unsubscribe-links';

interface Dropped {
  id: string;
  sellerId: string;
  title: string;
  currency: string;
  oldCents: number;
  newCents: number;
}

/** Whether `cents` is a drop worth a mail from the price the member last heard of. */
const worthMail = (cents: number, heard: number) => cents * 100 <= heard * (100 - PRICE_DROP_MIN_PERCENT);

/**
 * The members who favorited a listing for sale hear that its price dropped (decision 196), in the edit's transaction:
 * those who turned these mails off, cannot use their account (disabled, deleted, unverified), made the change or are
 * in a block with the seller do not, nor does anyone whose last mailed price it is not at least PRICE_DROP_MIN_PERCENT
 * below. Returns how many.
 */
export async function queuePriceDropMails(trx: Database, links: MailLinks, l: Dropped, actorId: string, now: number) {
  if (l.newCents >= l.oldCents) return 0;
  const fans = await trx
    .selectFrom('favorites as f')
    .innerJoin('users as u', 'u.id', 'f.userId')
    .leftJoin('deletedUsers as d', 'd.uid', 'u.id')
    .leftJoin('emailPreferences as p', 'p.userId', 'u.id')
    .select(['u.id', 'u.email', 'f.priceMailedCents', 'd.status as deletion', 'p.priceDrops'])
    .where('f.listingId', '=', l.id)
    .where('u.id', 'not in', [l.sellerId, actorId])
    .where('u.disabled', '=', false)
    .where('u.emailVerified', '=', true)
    // A block stops everything of one reaching the other, either way (decision 053).
    .where((eb) => noBlockBetween(eb, l.sellerId, eb.ref('u.id')))
    .orderBy('u.id')
    .execute();
  const to = fans.filter(
    (f) =>
      f.deletion !== 'unresolved' && f.priceDrops !== false && worthMail(l.newCents, f.priceMailedCents ?? l.oldCents),
  );
  if (to.length === 0) return 0;
  const price = formatPrice(l.newCents, l.currency);
  const { publicUrl } = links;
  const body = (userId: string) =>
    mailLayout(
      'A favorite of yours is cheaper',
      [`"${l.title}" now costs ${price} (it was ${formatPrice(l.oldCents, l.currency)}).`],
      { label: 'Open the listing', url: `${publicUrl}/account/${l.sellerId}/${l.id}` },
      `You get this email because you saved this listing to your favorites. You can turn these emails off in your ` +
        `profile: ${publicUrl}/profile`,
      { unsubscribe: links.unsubscribe({ userId, topic: 'priceDrops' }) },
    );
  const subject = `Price drop: ${l.title} now ${price}`;
  for (const f of to) await queueMail(trx, { to: f.email, subject, ...body(f.id) }, now);
  await trx
    .updateTable('favorites')
    .set({ priceMailedCents: l.newCents })
    .where('listingId', '=', l.id)
    .where(
      'userId',
      'in',
      to.map((f) => f.id),
    )
    .execute();
  return to.length;
}
