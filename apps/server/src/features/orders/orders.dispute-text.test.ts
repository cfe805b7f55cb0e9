import { describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-app';
import { arrangeDeal, call, orderUpTo, useOrdersTestApp, type Party } from './orders-test-helpers';

let ctx: TestContext;
let admin: Party;
useOrdersTestApp((c, a) => {
  ctx = c;
  admin = a;
});

// "Paid in full" with "ton" reversed by a right-to-left override, an isolate, a bell and a C1 next-line around it.
const dirty = (s: string) => `${s} \u202Edesu ton\u202C, \u2066paid\u2069\u0007 in full\u0085.`;
const clean = (s: string) => `${s} desu ton, paid in full.`;

describe('dispute text', () => {
  it('keeps no bidi overrides, isolates or control characters in the reason, statements and decision', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 5_000 });
    const id = await orderUpTo(ctx, deal, 'delivered');
    const opened = await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute`, { reason: dirty('Reason:') });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ dispute: { reason: clean('Reason:') } });

    const said = await call(ctx, deal.seller, 'POST', `/api/orders/${id}/dispute/statements`, {
      body: dirty('Seller:'),
    });
    expect(said.status).toBe(201);
    const stored = await ctx.db.selectFrom('disputeStatements').select('body').where('orderId', '=', id).execute();
    expect(stored.map((s) => s.body)).toEqual([clean('Seller:')]);

    const decided = await call(ctx, admin, 'POST', `/api/admin/orders/${id}/decision`, {
      outcome: 'release',
      reason: dirty('Decision:'),
    });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({ decision: { reason: clean('Decision:') } });
    const order = await ctx.db.selectFrom('orders').select('disputeReason').where('id', '=', id).executeTakeFirst();
    expect(order?.disputeReason).toBe(clean('Reason:'));
  });
});
