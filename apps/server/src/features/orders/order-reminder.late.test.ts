import { describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-app';
import { arrangeDeal, orderUpTo, sweep, useOrdersTestApp } from './orders-test-helpers';

/**
 * The "confirmed in 12 hours" reminder goes out when a sweep first runs after its time. After a stop (a deploy, an
 * outage) that is later, and the mail must say how long is really left, as its own "by …" line does.
 */
let ctx: TestContext;
useOrdersTestApp((c) => {
  ctx = c;
});

const H = 3_600_000;

async function reminderAfter(hoursDelivered: number) {
  const deal = await arrangeDeal(ctx);
  await orderUpTo(ctx, deal, 'delivered');
  // No sweep ran in between: the first one after the stop finds the reminder due.
  ctx.clock.advance(hoursDelivered * H);
  await sweep(ctx);
  const mails = (await ctx.mailsTo(deal.buyer.email)).filter((m) => m.subject.startsWith('Your order will be'));
  expect(mails).toHaveLength(1);
  return { mail: mails[0]!, title: deal.listing.title };
}

describe('the reminder before an order is confirmed automatically', () => {
  it('says 12 hours when it goes out on time', async () => {
    const { mail, title } = await reminderAfter(60);
    expect(mail.subject).toBe(`Your order will be confirmed in 12 hours: ${title}`);
    expect(mail.text).toContain('The order will be confirmed automatically in 12 hours.');
  });

  it('says the time really left when the sweep that sends it runs late', async () => {
    const { mail, title } = await reminderAfter(69);
    expect(mail.subject).toBe(`Your order will be confirmed in 3 hours: ${title}`);
    expect(mail.text).toContain(
      'The order will be confirmed automatically in 3 hours. Open a dispute before then if something is wrong.',
    );
    expect(mail.text).not.toContain('12 hours');
  });

  it('says 1 hour, not "1 hours", with less than an hour left', async () => {
    const { mail, title } = await reminderAfter(71.5);
    expect(mail.subject).toBe(`Your order will be confirmed in 1 hour: ${title}`);
    expect(mail.text).toContain('The order will be confirmed automatically in 1 hour.');
  });
});
