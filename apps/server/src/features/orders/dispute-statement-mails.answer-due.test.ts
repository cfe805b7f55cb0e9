import { describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-app';
import { arrangeDeal, call, orderUpTo, useOrdersTestApp, type Party } from './orders-test-helpers';

/**
 * A statement's mail ends with what comes next in the dispute. The seller's answer is asked for until they give one or
 * their 24 hours are up (as the orders list says); after that, no mail may ask for it, nor name a deadline gone by.
 */
let ctx: TestContext;
useOrdersTestApp((c) => {
  ctx = c;
});

const H = 3_600_000;

async function disputed() {
  const deal = await arrangeDeal(ctx, { priceCents: 10_000, title: 'Disputed Fortnite account' });
  const id = await orderUpTo(ctx, deal, 'delivered');
  const opened = await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute`, { reason: 'Banned at once.' });
  expect(opened.status).toBe(200);
  await ctx.deliverMail();
  return { ...deal, id };
}

const state = async (id: string, who: Party, body: string) =>
  expect((await call(ctx, who, 'POST', `/api/orders/${id}/dispute/statements`, { body })).status).toBe(201);

async function lastStatementMail(to: string) {
  const mails = (await ctx.mailsTo(to)).filter((m) => m.subject.startsWith('New statement in the dispute'));
  return mails.at(-1)!.text;
}

describe('the next step in a dispute statement’s mail', () => {
  it('no longer asks the seller for an answer they gave', async () => {
    const { buyer, seller, id } = await disputed();
    await state(id, seller, 'The account was fine when I delivered it.');
    const toBuyer = await lastStatementMail(buyer.email);
    expect(toBuyer).toContain('The seller added a statement to the dispute.');
    expect(toBuyer).not.toContain('The seller is asked to answer by');
    expect(toBuyer).toContain('An admin decides the dispute. Add anything that helps on the order page.');

    await state(id, buyer, 'Here is the ban notice.');
    const toSeller = await lastStatementMail(seller.email);
    expect(toSeller).not.toContain('Give your side of it');
    expect(toSeller).toContain('An admin decides the dispute. Add anything that helps on the order page.');
  });

  it('names no deadline that has passed', async () => {
    const { buyer, seller, id } = await disputed();
    ctx.clock.advance(30 * H);
    await state(id, buyer, 'Still banned, two days on.');
    const toSeller = await lastStatementMail(seller.email);
    expect(toSeller).not.toContain('Give your side of it, with any evidence, on the order page by');
    expect(toSeller).toContain('An admin decides the dispute. Add anything that helps on the order page.');
  });

  it('still asks for the answer while it is due', async () => {
    const { buyer, seller, id } = await disputed();
    await state(id, buyer, 'Banned within the hour.');
    const toSeller = await lastStatementMail(seller.email);
    expect(toSeller).toContain('Give your side of it, with any evidence, on the order page by');
  });
});
