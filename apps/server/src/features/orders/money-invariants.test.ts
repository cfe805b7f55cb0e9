import { describe, expect, it } from 'vitest';
import { runSeed } from './money-random-steps-test-helpers';

/**
 * Money invariants across whole flows (decisions 080, 183): seeded random steps through the real API, the fake Stripe
 * and the sweep, every invariant checked after each (`money-invariants-test-helpers.ts`). MONEY_SEEDS and MONEY_STEPS
 * run more; MONEY_TRACE=1 prints the steps.
 */
const SEEDS = (process.env.MONEY_SEEDS ?? '1,2,3').split(',').map(Number);
const STEPS = Number(process.env.MONEY_STEPS ?? 250);

describe('money invariants across random whole flows', () => {
  for (const seed of SEEDS)
    it(`seed ${seed}: ${STEPS} random steps keep every invariant`, { timeout: 600_000 }, async () => {
      const trace = await runSeed(seed, STEPS);
      if (process.env.MONEY_TRACE) console.log(trace.join('\n'));
      expect(trace).toHaveLength(STEPS);
    });
});
