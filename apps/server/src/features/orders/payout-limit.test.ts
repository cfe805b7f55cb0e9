import { describe, expect, it } from 'vitest';
import { WALLET_MESSAGES as W, PAYOUT_REQUESTS_PER_DAY } from '@accountry/shared/wallet-messages';
import { availableAccount, heldAccount } from '../../lib/ledger';
import type { TestContext } from '../../test/test-app';
import { fund } from '../../test/order-fixtures';
import { partyWithSession } from '../../test/deal-fixtures';
import { balance, call, type Party, useOrdersTestApp, withPayoutDetails } from './orders-test-helpers';

/** Every payout request mails the admins: asking and canceling in a loop must not mail them without end. */
let ctx: TestContext;
let adminEmail: string;
useOrdersTestApp((c, a) => {
  ctx = c;
  // The file's admin (partyWithSession) with their address, where their mail goes.
  adminEmail = (a as Party & { email: string }).email;
});

const HOUR = 60 * 60 * 1000;
const adminPayoutMails = async (email: string) =>
  (
    await ctx.db
      .selectFrom('mailOutbox')
      .select('id')
      .where('to', '=', email)
      .where('subject', 'like', 'A payout of %')
      .execute()
  ).length;

describe('payout requests in 24 hours', () => {
  it('are limited, canceled ones included: one more is refused with when to try again and mails nobody', async () => {
    const seller = await partyWithSession(ctx, 'seller');
    await fund(ctx, seller.id, 20_000);
    await withPayoutDetails(ctx, seller);
    const mailsBefore = await adminPayoutMails(adminEmail);
    for (let i = 0; i < PAYOUT_REQUESTS_PER_DAY; i++) {
      const asked = await call(ctx, seller, 'POST', '/api/wallet/payouts', { amountCents: 5_000 });
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
      const id = asked.body.id as string;
      expect((await call(ctx, seller, 'POST', `/api/wallet/payouts/${id}/cancel`)).status).toBe(200);
      ctx.clock.advance(HOUR);
    }
    expect(await adminPayoutMails(adminEmail)).toBe(mailsBefore + PAYOUT_REQUESTS_PER_DAY);

    const refused = await call(ctx, seller, 'POST', '/api/wallet/payouts', { amountCents: 5_000 });
    // The first request leaves the 24 hours in 24 - 5 hours.
    expect([refused.status, refused.body.error?.message]).toEqual([
      429,
      W.payoutTooMany((24 - PAYOUT_REQUESTS_PER_DAY) * HOUR),
    ]);
    expect(W.payoutTooMany((24 - PAYOUT_REQUESTS_PER_DAY) * HOUR)).toBe(
      `You can ask for ${PAYOUT_REQUESTS_PER_DAY} payouts in 24 hours, canceled ones included. Try again in 19 hours.`,
    );
    expect(await adminPayoutMails(adminEmail)).toBe(mailsBefore + PAYOUT_REQUESTS_PER_DAY);
    expect(await balance(ctx, availableAccount(seller.id))).toBe(20_000);
    expect(await balance(ctx, heldAccount(seller.id))).toBe(0);

    // Once the first request is 24 hours old, its place is free again.
    ctx.clock.advance((24 - PAYOUT_REQUESTS_PER_DAY) * HOUR);
    const later = await call(ctx, seller, 'POST', '/api/wallet/payouts', { amountCents: 5_000 });
    expect(later.status, JSON.stringify(later.body)).toBe(201);
    expect(await adminPayoutMails(adminEmail)).toBe(mailsBefore + PAYOUT_REQUESTS_PER_DAY + 1);
  });
});
