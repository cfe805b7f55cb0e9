import { describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-app';
import { arrangeDeal, call, orderUpTo, sweep, type Party, useOrdersTestApp } from './orders-test-helpers';

let ctx: TestContext;
let admin: Party;
useOrdersTestApp((c, a) => {
  [ctx, admin] = [c, a];
});

const H = 3_600_000;
type Deal = Awaited<ReturnType<typeof arrangeDeal>>;

/** The mails the deal's parties got since `from` (after the outbox delivered them), as [to, subject, text]. */
async function mailsSince(deal: Deal, from: number) {
  await ctx.deliverMail();
  return ctx.mailer.sent
    .slice(from)
    .filter((m) => m.to === deal.buyer.email || m.to === deal.seller.email)
    .map((m) => ({ to: m.to === deal.buyer.email ? 'buyer' : 'seller', subject: m.subject, text: m.text }));
}

async function expectBothTold(deal: Deal, from: number, subject: string, line: string) {
  const mails = await mailsSince(deal, from);
  const title = deal.listing.title;
  expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual([
    ['buyer', `${subject}: ${title}`],
    ['seller', `${subject}: ${title}`],
  ]);
  for (const m of mails) expect(m.text).toContain(line);
}

describe('order mails', () => {
  it('are queued in the outbox with the move, not sent while it happens', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'pending_payment');
    await ctx.deliverMail();
    const sent = ctx.mailer.sent.length;
    expect((await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/pay`)).status).toBe(200);
    expect(ctx.mailer.sent.length).toBe(sent);
    const queued = await ctx.db
      .selectFrom('mailOutbox')
      .select(['to', 'subject'])
      .where('status', '=', 'pending')
      .where('subject', 'like', 'Order paid%')
      .execute();
    expect(queued.map((m) => m.to).sort()).toEqual([deal.buyer.email, deal.seller.email].sort());
  });

  it('tell each side what they do next and by when, and the seller what the sale pays them', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000, deliveryTime: 'instant', protectionDays: 5 });
    await ctx.deliverMail();
    let from = ctx.mailer.sent.length;
    const id = await orderUpTo(ctx, deal, 'paid');
    const at = (ms: number) =>
      new Date(ms).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }) + ' (UTC)';
    const paidDue = ctx.clock.now() + 2 * H;
    const paid = (await mailsSince(deal, from)).filter((m) => m.subject.startsWith('Order paid'));
    expect(paid.find((m) => m.to === 'seller')?.text).toContain(
      `Deliver the credentials on the order page by ${at(paidDue)}, or the order is canceled and the buyer ` +
        'refunded. The sale pays you $95.00 after the platform fee.',
    );
    expect(paid.find((m) => m.to === 'buyer')?.text).toContain(
      `The seller delivers the credentials by ${at(paidDue)}; if they do not, you are refunded.`,
    );
    expect(paid.find((m) => m.to === 'buyer')?.text).not.toContain('pays you');

    from = ctx.mailer.sent.length;
    await call(ctx, deal.seller, 'POST', `/api/orders/${id}/deliver`, { credentials: { login: 'ace' } });
    const delivered = await mailsSince(deal, from);
    expect(delivered.find((m) => m.to === 'buyer')?.text).toContain(
      `Check the account, then accept it or open a dispute on the order page by ${at(ctx.clock.now() + 72 * H)}.`,
    );
    from = ctx.mailer.sent.length;
    await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/confirm`);
    const started = await mailsSince(deal, from);
    expect(started.find((m) => m.to === 'seller')?.text).toContain(
      `You are paid $95.00 on ${at(ctx.clock.now() + 5 * 24 * H)}, unless the buyer opens a dispute.`,
    );
    from = ctx.mailer.sent.length;
    ctx.clock.advance(5 * 24 * H);
    await sweep(ctx);
    const completed = await mailsSince(deal, from);
    expect(completed.find((m) => m.to === 'seller')?.text).toContain('$95.00 was added to your balance.');
    // The buyer, away for the protection period, learns that they can now rate the seller, and until when.
    expect(completed.find((m) => m.to === 'buyer')?.text).toContain(
      `You can now rate the seller on the order page, until ${at(ctx.clock.now() + 30 * 24 * H)}.`,
    );
    expect(completed.find((m) => m.to === 'seller')?.text).not.toContain('rate the seller');
  });

  it('tell both parties when the buyer cancels a paid order', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'paid');
    await ctx.deliverMail();
    const from = ctx.mailer.sent.length;
    await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/cancel`, { reason: 'Changed my mind' });
    await expectBothTold(
      deal,
      from,
      'Order canceled',
      'The buyer canceled the order. The payment was refunded in full.',
    );
  });

  it('tell both parties when an order is canceled because nothing was delivered in time', async () => {
    const deal = await arrangeDeal(ctx, { deliveryTime: 'within-24h' });
    await orderUpTo(ctx, deal, 'paid');
    await ctx.deliverMail();
    const from = ctx.mailer.sent.length;
    ctx.clock.advance(25 * H);
    await sweep(ctx);
    await expectBothTold(
      deal,
      from,
      'Order canceled',
      'The order was canceled because the credentials were not delivered in time. The buyer was refunded.',
    );
  });

  it('tell both parties when an unpaid order expires', async () => {
    const deal = await arrangeDeal(ctx);
    await orderUpTo(ctx, deal, 'pending_payment');
    await ctx.deliverMail();
    const from = ctx.mailer.sent.length;
    ctx.clock.advance(15 * 60_000);
    await sweep(ctx);
    await expectBothTold(deal, from, 'Order expired', 'The order expired unpaid. The listing is available again.');
  });

  it('tell both parties when protection starts, by the buyer or by the clock, and record when it started', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'delivered');
    await ctx.deliverMail();
    let from = ctx.mailer.sent.length;
    await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/confirm`);
    await expectBothTold(
      deal,
      from,
      'Protection period started',
      'The buyer accepted the account. The protection period has started.',
    );

    const other = await arrangeDeal(ctx);
    const otherId = await orderUpTo(ctx, other, 'delivered');
    await ctx.deliverMail();
    ctx.clock.advance(72 * H);
    from = ctx.mailer.sent.length;
    await sweep(ctx);
    await expectBothTold(
      other,
      from,
      'Protection period started',
      'The 72-hour check ended without a dispute. The protection period has started.',
    );
    const order = await call(ctx, other.buyer, 'GET', `/api/orders/${otherId}`);
    expect(order.body).toMatchObject({ status: 'protection', protectionStartedAt: ctx.clock.now() });
  });

  it('name the amount of a partial refund', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000 });
    const id = await orderUpTo(ctx, deal, 'delivered');
    await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute`, { reason: 'Half of the skins are missing.' });
    await ctx.deliverMail();
    const from = ctx.mailer.sent.length;
    const decided = await call(ctx, admin, 'POST', `/api/admin/orders/${id}/decision`, {
      outcome: 'partial_refund',
      refundCents: 1234,
      reason: 'Half of the skins listed were missing.',
    });
    expect(decided.status).toBe(200);
    await expectBothTold(
      deal,
      from,
      'The dispute has been decided',
      'An admin decided the dispute: $12.34 is refunded to the buyer, the rest goes to the seller.',
    );
  });

  it('remind only the buyer that the order will be confirmed', async () => {
    const deal = await arrangeDeal(ctx);
    await orderUpTo(ctx, deal, 'delivered');
    await ctx.deliverMail();
    const from = ctx.mailer.sent.length;
    ctx.clock.advance(60 * H);
    await sweep(ctx);
    const mails = await mailsSince(deal, from);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['buyer', `Your order will be confirmed in 12 hours: ${deal.listing.title}`],
    ]);
    expect(mails[0].text).toContain('Open a dispute before then if something is wrong.');
  });
});

describe('credentials after a full refund', () => {
  it('are no longer shown to the buyer', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'delivered');
    await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute`, { reason: 'The account was banned on arrival.' });
    const decided = await call(ctx, admin, 'POST', `/api/admin/orders/${id}/decision`, {
      outcome: 'refund',
      reason: 'The account was banned before it was delivered.',
    });
    expect(decided.status).toBe(200);
    const reveal = await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/credentials/reveal`);
    expect(reveal).toMatchObject({
      status: 409,
      body: { error: { message: 'The order was refunded in full, so its credentials are no longer shown.' } },
    });
  });
});
