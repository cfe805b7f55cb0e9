import { afterAll, afterEach, beforeAll } from 'vitest';
import { createRaceTestApp, type RaceTestApp } from '../../test/race-app';
import { createStripeTestApp, expectLedgerHolds, type StripeTestContext } from './stripe-test-helpers';

export interface StripeRaceTestApp extends Pick<RaceTestApp, 'second' | 'interleave'> {
  ctx: StripeTestContext;
}

/**
 * A race app (its queries stop where `interleave` is armed, `second` another connection) paid through the fake Stripe:
 * made before the file's tests, handed to `take`, the ledger checked after each, closed after them.
 */
export function useStripeRaceTestApp(take: (race: StripeRaceTestApp) => void) {
  let ctx: StripeTestContext | undefined;
  beforeAll(async () => {
    let race: RaceTestApp | undefined;
    ctx = await createStripeTestApp(async (env) => {
      race = await createRaceTestApp(env);
      return { ...race.ctx, close: race.close };
    });
    take({ ctx, second: race!.second, interleave: race!.interleave });
  });
  afterEach(() => expectLedgerHolds(ctx!));
  afterAll(() => ctx?.close());
}
