import { describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-app';
import { call, type Party, sellerWithOpenPayout, useOrdersTestApp } from './orders-test-helpers';

/**
 * One admin session could read every open payout's whole bank details in a loop. The admin reveal of order
 * credentials is limited to 30 per admin in 10 minutes (decision 208's addendum: "a script on one admin's session (or
 * a stolen one) could read the credentials of every disputed order at once"); payout details (IBANs, US account
 * numbers) are the same kind of secret behind the same kind of audited POST, and each showing also marks the payout as
 * being sent, so its member can no longer cancel it (decision 233).
 */
let ctx: TestContext;
let admin: Party;
useOrdersTestApp((c, a) => {
  [ctx, admin] = [c, a];
});

describe("open payouts' details shown to one admin in a loop", () => {
  it('are limited as the admin credential reveal is: past 30 in 10 minutes a 429, nothing shown or marked', async () => {
    const payouts = [];
    for (let i = 0; i < 31; i++) payouts.push(await sellerWithOpenPayout(ctx, 1_000));
    const answers = [];
    for (const p of payouts) answers.push(await call(ctx, admin, 'POST', `/api/admin/payouts/${p.id}/destination`));
    const statuses = answers.map((a) => a.status);
    expect(answers[30].body.error?.message).toMatch(
      /^An admin can show payout details 30 times in 10 minutes\. Try again in /,
    );
    const sending = await ctx.db
      .selectFrom('payouts')
      .select('id')
      .where(
        'id',
        'in',
        payouts.map((p) => p.id),
      )
      .where('sendingSince', 'is not', null)
      .execute();
    expect({ statuses, markedSending: sending.length }).toEqual({
      statuses: [...Array(30).fill(200), 429],
      markedSending: 30,
    });
  });
});
