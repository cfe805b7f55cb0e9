import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { TEST_PASSWORD, signInAs, testEngine, type TestContext } from '../../test/test-app';
import { atMost } from './chargebacks-test-helpers';
import {
  TEST_IBAN,
  expectLedgerHealthy,
  fund,
  ledgerSnapshot,
  partyWithSession,
  withPayoutDetails,
} from './orders-test-helpers';

/**
 * Storing payout details and asking for a payout read the member's role again in their transaction: a switch to buyer
 * committed by another connection while the request is on its way refuses it with the sellers-only 403, and nothing
 * is written (neither a 500 for SQLite's stale write, nor a payout after the switch on PostgreSQL).
 */
let ctx: TestContext;
let interleave: Interleave;
let second: DatabaseHandle;
useRaceTestApp((race) => {
  ({ ctx, interleave, second } = race);
});

const pg = testEngine === 'postgres';
const SELLERS_ONLY =
  'Payouts are for sellers. To withdraw your balance, change your role to Seller or Both in your profile.';

type Reply = Awaited<ReturnType<TestContext['app']['inject']>>;
const requests = {
  'a payout asked': { method: 'POST', url: '/api/wallet/payouts', payload: { amountCents: 5_000 } },
  'payout details stored': {
    method: 'PUT',
    url: '/api/wallet/payout-method',
    payload: { password: TEST_PASSWORD, details: { kind: 'iban', holder: 'Someone Else', iban: TEST_IBAN } },
  },
} as const;

/** A seller with $200.00 and payout details past their hold, signed in; what a payout write would change. */
async function sellerReady() {
  const seller = await partyWithSession(ctx, 'seller');
  await fund(ctx, seller.id, 20_000);
  await withPayoutDetails(ctx, seller);
  const { headers } = await signInAs(ctx, seller.id);
  return { id: seller.id, headers };
}

async function payoutState(userId: string) {
  return {
    ledger: await ledgerSnapshot(ctx),
    payouts: await ctx.db.selectFrom('payouts').select('id').where('userId', '=', userId).execute(),
    method: await ctx.db.selectFrom('payoutMethods').selectAll().where('userId', '=', userId).executeTakeFirst(),
  };
}

async function toBuyer(db: DatabaseHandle['db'], userId: string) {
  await db.updateTable('users').set({ role: 'buyer' }).where('id', '=', userId).execute();
}

const outcome = (res: Reply) => ({ status: res.statusCode, message: res.json().error?.message });

describe('a seller who switches to buyer while a payout write is on its way', () => {
  for (const [name, request] of Object.entries(requests)) {
    it.runIf(!pg)(`${name}: the switch committed after the role's re-read is the 403, not a 500`, async () => {
      const seller = await sellerReady();
      const before = await payoutState(seller.id);
      // The re-read's own statement names its row `payout_taker` (payout-role.ts).
      interleave.arm('payout_taker', () => toBuyer(second.db, seller.id));
      const res = await ctx.app.inject({ ...request, headers: seller.headers, remoteAddress: '10.90.0.1' });
      interleave.disarm();
      expect(outcome(res)).toEqual({ status: 403, message: SELLERS_ONLY });
      expect(await payoutState(seller.id)).toEqual(before);
      await expectLedgerHealthy(ctx);
    });

    it.runIf(pg)(`${name}: waits for the switch being written, then is refused (403)`, async () => {
      const seller = await sellerReady();
      const before = await payoutState(seller.id);
      let action: Promise<Reply> | undefined;
      // The switch holds the member's row when the request comes: its session still reads the role as committed.
      await second.db.transaction().execute(async (trx) => {
        await toBuyer(trx, seller.id);
        action = ctx.app.inject({ ...request, headers: seller.headers, remoteAddress: '10.90.0.2' });
        await atMost(action);
      });
      expect(outcome(await action!)).toEqual({ status: 403, message: SELLERS_ONLY });
      expect(await payoutState(seller.id)).toEqual(before);
      await expectLedgerHealthy(ctx);
    });
  }
});

describe("another write committed between the role's re-read and the first write", () => {
  it.runIf(!pg)('is a 409 that says to reload, not a 500, and nothing is written', async () => {
    const seller = await sellerReady();
    const before = await payoutState(seller.id);
    interleave.arm('payout_taker', async () => {
      await second.db.updateTable('users').set({ displayName: 'Sam Renamed' }).where('id', '=', seller.id).execute();
    });
    const res = await ctx.app.inject({ ...requests['a payout asked'], headers: seller.headers });
    interleave.disarm();
    expect(outcome(res)).toEqual({
      status: 409,
      message: 'This was changed in the meantime. Reload the page and try again.',
    });
    expect(await payoutState(seller.id)).toEqual(before);
  });
});
