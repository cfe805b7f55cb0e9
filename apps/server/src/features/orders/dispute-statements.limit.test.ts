import { describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-app';
import { arrangeDeal, call, orderUpTo, useOrdersTestApp } from './orders-test-helpers';

/**
 * A dispute's whole thread is read on every post and every look, by both parties and the deciding admin. The route's
 * rate limit only slows one party writing without end (30 statements of 2,000 characters each ten minutes, day after
 * day); each person may post a bounded number of statements in one dispute, as they may attach a bounded number of
 * images.
 */
let ctx: TestContext;
useOrdersTestApp((c) => (ctx = c));

const LIMIT = 'You can post at most 50 statements in a dispute.';

describe('statements in one dispute', () => {
  it('are at most 50 per person: the next is refused (409) and not stored, the other side may still answer', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'delivered');
    const url = `/api/orders/${id}/dispute/statements`;
    expect(
      (await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute`, { reason: 'It does not work.' })).status,
    ).toBe(200);
    const body = 'x'.repeat(2000);
    for (let i = 0; i < 50; i++) {
      // Past the route's rate limit (30 in ten minutes): what stops the thread is the number per person.
      if (i % 25 === 24) ctx.clock.advance(10 * 60_000 + 1);
      const posted = await call(ctx, deal.buyer, 'POST', url, { body });
      expect(posted.status, `statement ${i + 1}`).toBe(201);
    }
    ctx.clock.advance(10 * 60_000 + 1);
    const refused = await call(ctx, deal.buyer, 'POST', url, { body: 'One more thing.' });
    expect([refused.status, refused.body.error?.message]).toEqual([409, LIMIT]);
    const answered = await call(ctx, deal.seller, 'POST', url, { body: 'I did not touch it.' });
    expect(answered.status).toBe(201);
    const thread = (await call(ctx, deal.seller, 'GET', url)).body.items as Array<{ authorRole: string }>;
    expect(thread.filter((s) => s.authorRole === 'buyer')).toHaveLength(50);
    expect(thread.filter((s) => s.authorRole === 'seller')).toHaveLength(1);
  });
});
