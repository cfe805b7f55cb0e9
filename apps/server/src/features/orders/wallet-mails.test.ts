import { describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-app';
import { call, fund, partyWithSession, useOrdersTestApp, type Party } from './orders-test-helpers';
import { newCreditRequestId } from '../../test/order-fixtures';

/** An admin's credit or correction of a member's balance is mailed to the member (never to the admin). */
let ctx: TestContext;
let admin: Party;
useOrdersTestApp((c, a) => {
  [ctx, admin] = [c, a];
});

const credit = (id: string, amountCents: number, reason: string) =>
  call(ctx, admin, 'POST', `/api/admin/users/${id}/balance-credits`, {
    amountCents,
    reason,
    requestId: newCreditRequestId(),
  });

describe('a balance credit or correction', () => {
  it('tells the member what moved, why and where to see it', async () => {
    const m = await partyWithSession(ctx, 'seller');
    expect((await credit(m.id, 12_345, 'Bank transfer ref 123')).status).toBe(200);
    const added = await ctx.mailsTo(m.email);
    expect(added.map((x) => x.subject)).toEqual(['$123.45 was added to your Accountry balance']);
    expect(added[0]!.text).toContain('Reason: Bank transfer ref 123');
    expect(added[0]!.text).toContain(`Open your wallet: ${ctx.deps.config.publicUrl}/wallet`);
    expect(added[0]!.html).toContain('Your balance was credited');

    expect((await credit(m.id, -2_345, 'Duplicate transfer')).status).toBe(200);
    const taken = await ctx.lastMail(m.email);
    expect(taken?.subject).toBe('$23.45 was taken from your Accountry balance');
    expect(taken?.text).toContain('Reason: Duplicate transfer');
    // The admin who made them gets none of them.
    const balanceMails = ctx.mailer.sent.filter((x) => x.subject.endsWith('your Accountry balance'));
    expect(balanceMails.map((x) => x.to)).toEqual([m.email, m.email]);
  });

  it('a refused correction sends nothing', async () => {
    const m = await partyWithSession(ctx, 'buyer');
    await fund(ctx, m.id, 100);
    expect((await credit(m.id, -200, 'Too much')).status).toBe(409);
    expect(await ctx.mailsTo(m.email)).toEqual([]);
  });
});
