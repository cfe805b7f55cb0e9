import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES as M } from '@accountry/shared/order-messages';
import type { AppDeps } from '../../app';
import type { AuthUser } from '../../plugins/auth';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import type { TestContext } from '../../test/test-app';
import { ordersContext } from './orders-context';
import { decideDispute, openDispute, revealCredentials } from './orders.service';
import { recordChargeback } from './chargebacks.service';
import { cardOrderWithChargeback, STRIPE_SET_UP } from './chargebacks-test-helpers';
import { arrangeDeal, expectLedgerHealthy, orderUpTo, partyWithSession } from './orders-test-helpers';

/**
 * The credentials of an order refunded in full are no longer shown (the buyer has their money back). A reveal that
 * read the order before the refund committed must not show them after it: the statement that reads what it shows
 * decides. A buyer whose order a chargeback holds is refused every first reveal, and may keep asking until the bank
 * decides: one asked as the bank's refund lands would leave them with both the account and the money.
 */
let ctx: TestContext;
let interleave: Interleave;
let secondDeps: AppDeps;
useRaceTestApp((race) => {
  ({ ctx, interleave } = race);
  secondDeps = { ...ctx.deps, db: race.second };
}, STRIPE_SET_UP);

const userOf = (id: string) =>
  ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow() as Promise<AuthUser>;
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'shown',
    (e: Error) => e.message,
  );
const REASON = 'The login does not work at all.';

/** What the order says of the reveal now: its first reveal, and the reveals recorded. */
async function reveals(id: string) {
  const row = await ctx.db
    .selectFrom('orders')
    .select(['status', 'credentialsRevealedAt'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const rows = await ctx.db.selectFrom('credentialReveals').select('by').where('orderId', '=', id).execute();
  return { status: row.status, revealed: row.credentialsRevealedAt !== null, reveals: rows.map((r) => r.by) };
}

/** Delivered, never revealed, and disputed by its buyer. */
async function disputedUnrevealed() {
  const deal = await arrangeDeal(ctx);
  const id = await orderUpTo(ctx, deal, 'delivered');
  const buyer = await userOf(deal.buyer.id);
  await openDispute(ordersContext(ctx.deps), buyer, id, REASON);
  return { id, buyer };
}

describe('a reveal racing a full refund', () => {
  it('an admin’s refund committed after the buyer’s reveal read the order: the credentials stay unshown', async () => {
    const { id, buyer } = await disputedUnrevealed();
    const admin = await userOf((await partyWithSession(ctx, 'admin')).id);
    // The reveal has read the order, disputed; an admin refunds it in full on another connection now.
    interleave.arm('orders', async () => {
      await decideDispute(ordersContext(secondDeps), admin, id, { outcome: 'refund', reason: 'Refunded in full.' });
    });
    expect(await outcome(revealCredentials(ordersContext(ctx.deps), buyer, id, false))).toBe(M.credentialsRefunded);
    expect(await reveals(id)).toEqual({ status: 'refunded', revealed: false, reveals: [] });
    await expectLedgerHealthy(ctx);
  });

  it('the bank’s refund of a held order committed after the reveal read it: the credentials stay unshown', async () => {
    const { deal, id, report } = await cardOrderWithChargeback(ctx, 'delivered');
    const buyer = await userOf(deal.buyer.id);
    expect(await recordChargeback(ordersContext(ctx.deps), report)).toBe('opened');
    // Held: the first reveal waits for the bank.
    expect(await outcome(revealCredentials(ordersContext(ctx.deps), buyer, id, false))).toBe(M.chargebackHold);
    // Asked again; the bank decides for the cardholder on another connection once the reveal has read the order.
    interleave.arm('orders', async () => {
      expect(await recordChargeback(ordersContext(secondDeps), { ...report, status: 'lost' })).toBe('lost');
    });
    expect(await outcome(revealCredentials(ordersContext(ctx.deps), buyer, id, false))).toBe(M.credentialsRefunded);
    expect(await reveals(id)).toEqual({ status: 'refunded', revealed: false, reveals: [] });
    await expectLedgerHealthy(ctx);
  });

  it('an admin’s reveal that read the dispute open is refused once another admin decided it', async () => {
    const { id } = await disputedUnrevealed();
    const [deciding, reading] = await Promise.all([
      partyWithSession(ctx, 'admin').then((p) => userOf(p.id)),
      partyWithSession(ctx, 'admin').then((p) => userOf(p.id)),
    ]);
    interleave.arm('orders', async () => {
      await decideDispute(ordersContext(secondDeps), deciding, id, { outcome: 'refund', reason: 'Refunded in full.' });
    });
    expect(await outcome(revealCredentials(ordersContext(ctx.deps), reading, id, true))).toBe(M.notDisputed);
    expect(await reveals(id)).toEqual({ status: 'refunded', revealed: false, reveals: [] });
  });

  it('a reveal after the order was read refunded in part still shows them, and records it', async () => {
    const { id, buyer } = await disputedUnrevealed();
    const admin = await userOf((await partyWithSession(ctx, 'admin')).id);
    const half = { outcome: 'partial_refund' as const, refundCents: 1_000, reason: 'Refunded in part.' };
    interleave.arm('orders', async () => {
      await decideDispute(ordersContext(secondDeps), admin, id, half);
    });
    expect(await outcome(revealCredentials(ordersContext(ctx.deps), buyer, id, false))).toBe('shown');
    expect(await reveals(id)).toEqual({ status: 'refunded', revealed: true, reveals: ['buyer'] });
  });
});
