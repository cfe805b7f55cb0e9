import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../app';
import type { AuthUser } from '../../plugins/auth';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { createUser, type TestContext } from '../../test/test-app';
import { disableUser } from '../admin/admin-users.service';
import { call, expectLedgerHealthy, fund, withPayoutDetails, partyWithSession } from './orders-test-helpers';

let ctx: TestContext;
let interleave: Interleave;
let secondDeps: AppDeps;
let admin: AuthUser;
useRaceTestApp((race) => {
  ({ ctx, interleave } = race);
  secondDeps = { ...ctx.deps, db: race.second };
});
beforeAll(async () => {
  admin = await createUser(ctx, { role: 'admin' });
});
afterEach(() => expectLedgerHealthy(ctx));

describe('a payout asked for while an admin disables the account', () => {
  it('is refused once the account is disabled: a disabled account cannot move its money toward a payout', async () => {
    const seller = await partyWithSession(ctx, 'seller');
    await fund(ctx, seller.id, 20_000);
    await withPayoutDetails(ctx, seller);
    // The request's session was resolved (the account still active); the admin disables it before the request
    // reaches its transaction.
    interleave.arm('sessions', async () => {
      await disableUser(secondDeps, admin, seller.id, 'Fraud: took payments and never delivered');
    });
    const asked = await call(ctx, seller, 'POST', '/api/wallet/payouts', { amountCents: 20_000 });
    const disabled = await ctx.db
      .selectFrom('users')
      .select('disabled')
      .where('id', '=', seller.id)
      .executeTakeFirstOrThrow();
    expect(Boolean(disabled.disabled)).toBe(true);
    const open = await ctx.db
      .selectFrom('payouts')
      .select(['id', 'amountCents'])
      .where('userId', '=', seller.id)
      .where('status', '=', 'open')
      .execute();
    // Decision 169: "a disabled or deleted account cannot sign in to ask for a payout".
    expect({ status: asked.status, message: asked.body.error?.message, open }).toEqual({
      status: 403,
      message: 'This account is closed: it can no longer ask for payouts.',
      open: [],
    });
  });
});
