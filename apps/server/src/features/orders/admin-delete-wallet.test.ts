import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@accountry/shared/admin-messages';
import { WALLET_MESSAGES } from '@accountry/shared/wallet-messages';
import { availableAccount, heldAccount } from '../../lib/ledger';
import type { TestContext } from '../../test/test-app';
import {
  balance,
  call,
  fund,
  withPayoutDetails,
  type Party,
  partyWithSession,
  useOrdersTestApp,
} from './orders-test-helpers';
import { newCreditRequestId } from '../../test/order-fixtures';

/** An admin's deletion and the wallet (decision 184): no deletion while money waits, no credit to a deleted account. */
let ctx: TestContext;
let admin: Party;
useOrdersTestApp((c, a) => {
  [ctx, admin] = [c, a];
});

async function member() {
  return partyWithSession(ctx, 'seller');
}
const deleted = async (id: string) =>
  (await ctx.db.selectFrom('deletedUsers').select('status').where('uid', '=', id).executeTakeFirst())?.status;
const credit = (id: string, amountCents: number) =>
  call(ctx, admin, 'POST', `/api/admin/users/${id}/balance-credits`, {
    amountCents,
    reason: 'Bank transfer ref 123',
    requestId: newCreditRequestId(),
  });

describe('deleting an account with money in its wallet', () => {
  it('is refused while the available balance holds money, and goes once it is corrected to $0.00', async () => {
    const m = await member();
    await fund(ctx, m.id, 192_950);

    const refused = await call(ctx, admin, 'POST', `/api/admin/users/${m.id}/delete`, { reason: 'Spam' });
    expect(refused).toMatchObject({
      status: 409,
      body: { error: { message: ADMIN_MESSAGES.walletNotEmpty(192_950, 0) } },
    });
    expect(ADMIN_MESSAGES.walletNotEmpty(192_950, 0)).toBe(
      'The wallet still holds $1,929.50 available, and a deleted account cannot ask for a payout. Before deleting it, ' +
        'have the member ask for a payout or correct the balance to $0.00.',
    );
    expect(await deleted(m.id)).toBeUndefined();
    expect(await balance(ctx, availableAccount(m.id))).toBe(192_950);

    expect((await credit(m.id, -192_950)).status).toBe(200);
    expect((await call(ctx, admin, 'POST', `/api/admin/users/${m.id}/delete`, { reason: 'Spam' })).status).toBe(200);
    expect(await deleted(m.id)).toBe('unresolved');
  });

  it('is refused while a payout request holds money, naming both amounts', async () => {
    const m = await member();
    await fund(ctx, m.id, 20_000);
    await withPayoutDetails(ctx, m);
    expect((await call(ctx, m, 'POST', '/api/wallet/payouts', { amountCents: 15_000 })).status).toBe(201);

    const refused = await call(ctx, admin, 'POST', `/api/admin/users/${m.id}/delete`, {});
    expect(refused.status).toBe(409);
    expect((refused.body as { error: { message: string } }).error.message).toBe(
      'The wallet still holds $50.00 available and $150.00 held for a payout, and a deleted account cannot ask for ' +
        'a payout. Before deleting it, pay or reject the open payout, and have the member ask for a payout or ' +
        'correct the balance to $0.00.',
    );
    expect(await deleted(m.id)).toBeUndefined();
    expect(await balance(ctx, heldAccount(m.id))).toBe(15_000);
  });
});

describe('the balance of a deleted account', () => {
  it('takes no credit (409, nothing posted), but a correction taking money out still goes', async () => {
    const m = await member();
    expect((await call(ctx, admin, 'POST', `/api/admin/users/${m.id}/delete`, {})).status).toBe(200);
    // Money a sale that went on pays after the deletion (decision 169).
    await fund(ctx, m.id, 9_600);

    const refused = await credit(m.id, 2_550);
    expect(refused).toMatchObject({ status: 409, body: { error: { message: WALLET_MESSAGES.creditDeletedAccount } } });
    expect(WALLET_MESSAGES.creditDeletedAccount).toBe(
      'This account is deleted: money cannot be added to it. Restore it first, or enter a negative correction.',
    );
    expect(await balance(ctx, availableAccount(m.id))).toBe(9_600);
    const audited = await ctx.db
      .selectFrom('auditLog')
      .select('id')
      .where('targetId', '=', m.id)
      .where('action', '=', 'balance.credit')
      .execute();
    expect(audited).toEqual([]);

    expect((await credit(m.id, -9_600)).status).toBe(200);
    expect(await balance(ctx, availableAccount(m.id))).toBe(0);
  });
});
