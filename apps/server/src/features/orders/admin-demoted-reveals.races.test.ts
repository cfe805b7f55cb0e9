import { describe, expect, it } from 'vitest';
import { ORDER_ROUTES, orderPath } from '@accountry/shared/orders';
import type { DatabaseHandle } from '../../db/database';
import { actAsDemotedAdmin, FORBIDDEN, type AdminRequest, type DemotedWhen } from '../../test/admin-demotion';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { testEngine, type TestContext } from '../../test/test-app';
import { arrangeDeal, call, orderUpTo, sellerWithOpenPayout } from './orders-test-helpers';

/**
 * What an admin is shown on request and the audit log records (the sealed credentials of a disputed order, an open
 * payout's destination) is shown only to an admin who still is one when the record is written (decision 219).
 */
let race: { ctx: TestContext; interleave: Interleave; second: DatabaseHandle };
useRaceTestApp((r) => {
  race = r;
});

async function revealState() {
  const count = async (table: 'auditLog' | 'credentialReveals') =>
    Number(
      (
        await race.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { audits: await count('auditLog'), reveals: await count('credentialReveals') };
}

const reveals: Record<string, () => Promise<AdminRequest>> = {
  'a disputed order’s credentials revealed': async () => {
    const deal = await arrangeDeal(race.ctx);
    const id = await orderUpTo(race.ctx, deal, 'delivered');
    const reason = 'The owner took the account back.';
    expect((await call(race.ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute`, { reason })).status).toBe(200);
    return { method: 'POST', url: orderPath(ORDER_ROUTES.adminRevealCredentials, { id }) };
  },
  'an open payout’s destination shown': async () => ({
    method: 'POST',
    url: `/api/admin/payouts/${(await sellerWithOpenPayout(race.ctx, 5_000)).id}/destination`,
  }),
};

const moments: DemotedWhen[] = [
  'after the guard',
  testEngine === 'sqlite' ? 'after the re-read' : 'while the demotion is written',
];

describe('an admin demoted while asking to be shown what is sealed', () => {
  for (const when of moments)
    for (const [name, arrange] of Object.entries(reveals))
      it(`${name}: refused (403) when the demotion commits ${when}, shown and recorded nowhere`, async () => {
        const request = await arrange();
        const before = await revealState();
        const outcome = await actAsDemotedAdmin(race, request, when);
        expect(outcome).toEqual({ status: 403, message: FORBIDDEN });
        const after = await revealState();
        expect({ ...after, audits: after.audits - 1 }).toEqual(before);
      });
});
