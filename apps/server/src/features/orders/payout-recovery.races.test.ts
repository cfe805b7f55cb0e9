import { describe, expect, it } from 'vitest';
import { untilLockWaitOr } from '../../test/lock-waits';
import type { DatabaseHandle } from '../../db/database';
import { moveAddress } from '../../test/email-change-helpers';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { TEST_PASSWORD, testEngine, userWithSession, type TestContext } from '../../test/test-app';
import { undoEmailChange } from '../auth/email-change-undo.service';
import { TEST_IBAN, call, fund, withPayoutDetails, partyWithSession } from './orders-test-helpers';

// Races between connections: SQLite's one connection already runs one transaction at a time.
const pg = testEngine === 'postgres';
let interleave: Interleave;
let ctx: TestContext;
let second: DatabaseHandle;
useRaceTestApp((race) => ({ ctx, second, interleave } = race), { PUBLIC_URL: 'https://market.example' });

describe.runIf(pg)('undoing an address change while a payout is asked for', () => {
  it('leaves no open payout behind: the request waits for the undo or is canceled by it', async () => {
    const seller = await partyWithSession(ctx, 'seller');
    await fund(ctx, seller.id, 20_000);
    const token = await moveAddress(ctx, seller.session, seller.id, `racer.${seller.email}`);
    await withPayoutDetails(ctx, seller);
    let undone: Promise<string> | undefined;
    // The payout request has read where the money would go; the owner's undo starts on another connection now.
    interleave.arm('payout_methods', async () => {
      undone = undoEmailChange({ ...ctx.deps, db: second }, token, 'Owner-Again-2026').then(
        () => 'undone',
        (e: Error) => e.message,
      );
      await untilLockWaitOr(ctx.db, undone);
    });
    const asked = await call(ctx, seller, 'POST', '/api/wallet/payouts', { amountCents: 15_000 });
    expect(asked.status).toBe(201);
    expect(await undone).toBe('undone');
    const open = await ctx.db
      .selectFrom('payouts')
      .select('id')
      .where('userId', '=', seller.id)
      .where('status', '=', 'open')
      .execute();
    expect(open).toEqual([]);
    const method = await ctx.db.selectFrom('payoutMethods').select('userId').where('userId', '=', seller.id).execute();
    expect(method).toEqual([]);
  });

  it('payout details set with the old session after the undo began are not kept', async () => {
    const s = await userWithSession(ctx, 'seller');
    const token = await moveAddress(ctx, s.session, s.user.id, `late.${s.user.email}`);
    // The details' password is checked; the owner's undo runs before they are written.
    interleave.arm('two_factor', async () => {
      expect(await undoEmailChange({ ...ctx.deps, db: second }, token, 'Owner-Again-2026')).toEqual({
        email: s.user.email,
      });
    });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/wallet/payout-method',
      headers: s.session.headers,
      payload: { details: { kind: 'iban', holder: 'Taker', iban: TEST_IBAN }, password: TEST_PASSWORD },
    });
    expect(put.statusCode).toBe(401);
    const method = await ctx.db.selectFrom('payoutMethods').select('userId').where('userId', '=', s.user.id).execute();
    expect(method).toEqual([]);
  });
});
