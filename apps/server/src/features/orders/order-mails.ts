import { sql } from 'kysely';
import { listingTitleFor } from '../../db/listing-titles';
import {
  autoConfirmReminder,
  CREDENTIALS_CORRECTED_MAIL_SUBJECT,
  DISPUTE_STATEMENT_MAIL,
  ORDER_CHAT_MESSAGES,
  ORDER_MAIL_SUBJECTS,
} from '@accountry/shared/order-messages';
import type { OrderAction } from '@accountry/shared/order-state';
import { formatDeadline } from '@accountry/shared/delivery-deadline';
import { formatCents } from '@accountry/shared/wallet';
import type { Database } from '../../db/database';
import type { OrdersTable } from '../../db/schema';
import { queueMail } from '../../email/mail-outbox';
import { mailableDeletion } from '../../email/mail-to-user';
import { mailLayout } from '../../email/mail-layout';
import type { OrdersContext } from './orders-context';
import { nextForMail } from './order-mail-next';
import { sellerAnswered } from './dispute-answer-sql';

type Side = 'buyer' | 'seller';
const BOTH: Side[] = ['buyer', 'seller'];
/** An account an admin closed is not mailed about the orders its closing ended; the other party is (decision 169). */
// A block is told in the chat only, as its closing of offers is: the blocked member is not mailed about the blocker.
const MAILED_SIDES: Partial<Record<OrderAction, Side[]>> = {
  seller_closed: ['buyer'],
  buyer_closed: ['seller'],
  blocked: [],
  // The seller hears of the delete itself, with the admin's reason.
  listing_removed: ['buyer'],
};

/**
 * Both parties hear of every move by mail, in the move's own transaction: the outbox sends it after commit, retried,
 * and a move that rolls back sends nothing. The text is the move's system message; never the credentials.
 */
export function queueMoveMails(
  ctx: OrdersContext,
  trx: Database,
  after: OrdersTable,
  action: OrderAction,
  line: string,
  now: number,
) {
  return queueOrderMail(ctx, trx, after, ORDER_MAIL_SUBJECTS[action], line, MAILED_SIDES[action] ?? BOTH, now);
}

/**
 * "Confirmed in 12 hours": the buyer's last call to open a dispute. A sweep that runs late (after a stop) sends it
 * later, so it says the time really left, rounded up to the hour as the order's deadlines are told.
 */
export function queueReminderMail(ctx: OrdersContext, trx: Database, order: OrdersTable, now: number) {
  const { subject, line } = autoConfirmReminder(formatDeadline(Math.max(0, (order.dueAt ?? now) - now)));
  return queueOrderMail(ctx, trx, order, subject, line, ['buyer'], now);
}

/** The seller corrected the credentials (decision 182): the buyer reveals the new ones, by the same deadline. */
export function queueCorrectionMail(ctx: OrdersContext, trx: Database, order: OrdersTable, now: number) {
  const line = ORDER_CHAT_MESSAGES.credentialsCorrected;
  return queueOrderMail(ctx, trx, order, CREDENTIALS_CORRECTED_MAIL_SUBJECT, line, ['buyer'], now);
}

/** A new turn in the dispute's thread: the parties who did not write it hear of it (never what it says). */
export function queueStatementMail(
  ctx: OrdersContext,
  trx: Database,
  order: OrdersTable,
  author: 'buyer' | 'seller' | 'admin',
  now: number,
) {
  const sides = BOTH.filter((side) => side !== author);
  const { subject, line } = DISPUTE_STATEMENT_MAIL;
  return queueOrderMail(ctx, trx, order, subject, line(author), sides, now);
}

/** A chargeback put the order on hold, or the bank's decision for the seller took it off (decision 183). */
export function queueChargebackMail(
  ctx: OrdersContext,
  trx: Database,
  order: OrdersTable,
  subject: string,
  line: string,
  now: number,
) {
  return queueOrderMail(ctx, trx, order, subject, line, ['buyer', 'seller'], now);
}

async function queueOrderMail(
  ctx: OrdersContext,
  trx: Database,
  order: OrdersTable,
  subject: string,
  line: string,
  sides: Side[],
  now: number,
) {
  if (sides.length === 0) return;
  // One read for the listing's title, both addresses, whether each account was deleted and whether the seller has
  // answered a dispute (a move queues its mails inside its transaction).
  const to = await trx
    .selectFrom('users as b')
    .innerJoin('users as s', (j) => j.on('s.id', '=', order.sellerId))
    .leftJoin('deletedUsers as bd', 'bd.uid', 'b.id')
    .leftJoin('deletedUsers as sd', 'sd.uid', 's.id')
    .leftJoin('listings as l', (j) => j.on('l.id', '=', order.listingId))
    .select([
      'l.title as sellerTitle',
      listingTitleFor('l', order.buyerId).as('buyerTitle'),
      'b.email as buyer',
      's.email as seller',
      'bd.status as buyerDeletion',
      'sd.status as sellerDeletion',
      sellerAnswered(sql.val(order.id)).as('sellerAnswered'),
    ])
    .where('b.id', '=', order.buyerId)
    .executeTakeFirst();
  if (!to) return;
  // A deleted party gets no order mail, by queueMailToUser's own rule (decisions 166, 169); the other one still does.
  const deletion = { buyer: to.buyerDeletion, seller: to.sellerDeletion };
  const url = `${ctx.deps.config.publicUrl}/orders/${encodeURIComponent(order.id)}`;
  const answered = order.status === 'disputed' && Boolean(to.sellerAnswered);
  for (const side of sides.filter((s) => mailableDeletion(deletion[s]))) {
    // Each side the title they are shown (decision 043): the buyer the one the listing last showed buyers.
    const title = (side === 'buyer' ? to.buyerTitle : to.sellerTitle) ?? 'your order';
    const about = `The order for "${title}" (${formatCents(order.priceCents)}):`;
    const next = nextForMail(order, side, ctx.feePercent, now, answered);
    const body = mailLayout(
      subject,
      next ? [about, line, next] : [about, line],
      { label: 'Open the order', url },
      'You get this email because you buy or sell in this order on Accountry.',
    );
    await queueMail(trx, { to: to[side], subject: `${subject}: ${title}`, ...body }, now);
  }
}
