import { describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-app';
import { arrangeDeal, call, orderUpTo, sweep, type Party, useOrdersTestApp } from './orders-test-helpers';
import { adminAction } from './account-closure-test-helpers';

let ctx: TestContext;
let admin: Party;
useOrdersTestApp((c, a) => {
  [ctx, admin] = [c, a];
});

const H = 3_600_000;
const D = 24 * H;
type Deal = Awaited<ReturnType<typeof arrangeDeal>>;

const at = (ms: number) =>
  new Date(ms).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }) + ' (UTC)';

async function mailsSince(deal: Deal, from: number) {
  await ctx.deliverMail();
  return ctx.mailer.sent
    .slice(from)
    .filter((m) => m.to === deal.buyer.email || m.to === deal.seller.email)
    .map((m) => ({ to: m.to === deal.buyer.email ? 'buyer' : 'seller', subject: m.subject, text: m.text }));
}

describe('the dispute an order mail offers (decision 162)', () => {
  it('is not offered after an admin released one: the decision is final', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000, protectionDays: 14 });
    const id = await orderUpTo(ctx, deal, 'protection');
    ctx.clock.advance(2 * D);
    const opened = await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute`, { reason: 'Lost access to it.' });
    expect(opened.status).toBe(200);
    await ctx.deliverMail();
    const from = ctx.mailer.sent.length;
    const released = await call(ctx, admin, 'POST', `/api/admin/orders/${id}/decision`, {
      outcome: 'release',
      reason: 'The seller showed the buyer changed the recovery e-mail.',
    });
    expect(released.status).toBe(200);
    const paysOn = at(ctx.clock.now() + 12 * D);
    const mails = await mailsSince(deal, from);
    const buyer = mails.find((m) => m.to === 'buyer');
    const seller = mails.find((m) => m.to === 'seller');
    expect(buyer?.subject).toContain('The dispute has been decided');
    expect(buyer?.text).toContain(`The seller is paid on ${paysOn}.`);
    expect(buyer?.text).not.toContain('open a dispute');
    expect(seller?.text).toContain(`You are paid $95.00 on ${paysOn}.`);
    expect(seller?.text).not.toContain('unless the buyer opens a dispute');
    const again = await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute`, { reason: 'Lost access again.' });
    expect(again.status).toBe(409);
  });

  it('is not offered when a listing with no protection period is accepted: the window is already closed', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000, protectionDays: 0 });
    const id = await orderUpTo(ctx, deal, 'delivered');
    await ctx.deliverMail();
    const from = ctx.mailer.sent.length;
    expect((await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/confirm`)).status).toBe(200);
    const mails = await mailsSince(deal, from);
    const paysOn = at(ctx.clock.now());
    expect(mails.find((m) => m.to === 'buyer')?.text).toContain(`The seller is paid on ${paysOn}.`);
    expect(mails.find((m) => m.to === 'buyer')?.text).not.toContain('open a dispute');
    expect(mails.find((m) => m.to === 'seller')?.text).toContain(`You are paid $95.00 on ${paysOn}.`);
    expect(mails.find((m) => m.to === 'seller')?.text).not.toContain('unless the buyer opens a dispute');
    const late = await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute`, { reason: 'Lost access to it.' });
    expect(late.status).toBe(409);
  });
});

describe('order mail to an account an admin deleted while its sale goes on (decisions 166, 169)', () => {
  it('goes to the other party only', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000, protectionDays: 5 });
    const id = await orderUpTo(ctx, deal, 'delivered');
    await adminAction(ctx, admin.session, deal.seller.id, 'delete');
    await ctx.deliverMail();
    const from = ctx.mailer.sent.length;
    expect((await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/confirm`)).status).toBe(200);
    ctx.clock.advance(5 * D);
    await sweep(ctx);
    const mails = await mailsSince(deal, from);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['buyer', `Protection period started: ${deal.listing.title}`],
      ['buyer', `Order completed: ${deal.listing.title}`],
    ]);
  });
});
