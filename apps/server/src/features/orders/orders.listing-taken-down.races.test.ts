import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../../app';
import type { AuthUser } from '../../plugins/auth';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import type { TestContext } from '../../test/test-app';
import { deleteListing } from '../admin/admin-listings.service';
import { ordersContext } from './orders-context';
import { payOrder } from './orders.service';
import { arrangeDeal, expectLedgerHealthy, ledgerSnapshot, orderUpTo, partyWithSession } from './orders-test-helpers';

/**
 * A listing deleted while its order's payment is under way: the delete cancels the unpaid order (decision 043), and
 * the payment, which read the order before, is refused where it is written.
 */
let ctx: TestContext;
let interleave: Interleave;
let secondDeps: AppDeps;
useRaceTestApp((race) => {
  ({ ctx, interleave } = race);
  secondDeps = { ...ctx.deps, db: race.second };
});

const userOf = (id: string) =>
  ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow() as Promise<AuthUser>;

describe('an admin deleting the listing while its order is being paid', () => {
  it('after the payment first read the listing: the order is canceled, the payment refused, no money moves', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'pending_payment');
    const [buyer, admin] = [await userOf(deal.buyer.id), await userOf((await partyWithSession(ctx, 'admin')).id)];
    const before = await ledgerSnapshot(ctx);
    // The payment found the listing on the site; an admin deletes it on another connection now.
    interleave.arm('listings', async () => {
      await deleteListing(secondDeps, admin, deal.listing.id, 'Reported as stolen');
    });
    const paid = payOrder(ordersContext(ctx.deps), buyer, id).then(
      () => 'paid',
      (e: Error) => e.message,
    );
    expect(await paid).toBe('This order has changed in the meantime. Reload the page to see where it stands.');
    const order = await ctx.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(order.status).toBe('canceled');
    expect(await ledgerSnapshot(ctx)).toEqual(before);
    await expectLedgerHealthy(ctx);
  });
});
