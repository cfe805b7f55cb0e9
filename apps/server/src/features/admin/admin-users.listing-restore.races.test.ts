import { describe, expect, it } from 'vitest';
import { ACCOUNT_DISABLED_HIDDEN_REASON } from '@accountry/shared/admin-messages';
import type { DatabaseHandle } from '../../db/database';
import { testEngine, userWithSession, type TestContext } from '../../test/test-app';
import type { Interleave } from '../../test/interleave';
import { untilLockWaitOr } from '../../test/lock-waits';
import { useRaceTestApp } from '../../test/race-app';
import { insertOrderRow } from '../../test/order-fixtures';
import { expireUnpaidOrder } from '../../test/order-moves';
import { insertConversation, insertListing } from './admin-test-fixtures';
import { enableUser } from './admin-users.service';

let interleave: Interleave;
let ctx: TestContext;
let second: DatabaseHandle;
useRaceTestApp((race) => ({ ctx, second, interleave } = race));

/** A disabled seller whose listing the disabling hid while an unpaid order held it (reserved), the order still open. */
async function disabledSellerWithHeldListing() {
  const seller = await userWithSession(ctx, 'seller');
  const buyer = await userWithSession(ctx, 'buyer');
  const admin = await userWithSession(ctx, 'admin');
  const listing = await insertListing(ctx, seller.user.id, {
    status: 'hidden',
    statusBeforeHidden: 'reserved',
    hiddenReason: ACCOUNT_DISABLED_HIDDEN_REASON,
    hiddenByClosing: 'disabled',
  });
  const now = ctx.clock.now();
  const conversationId = await insertConversation(ctx, listing.id, buyer.user.id, seller.user.id);
  const order = await insertOrderRow(ctx, {
    listingId: listing.id,
    buyerId: buyer.user.id,
    sellerId: seller.user.id,
    status: 'pending_payment',
    paidAt: null,
    deliveredAt: null,
    protectionStartedAt: null,
    completedAt: null,
    dueAt: now,
    dueAction: 'expire',
    conversationId,
  });
  await ctx.db.updateTable('users').set({ disabled: true }).where('id', '=', seller.user.id).execute();
  return { seller, admin, listing, order };
}

const expireOrder = expireUnpaidOrder;

const rowOf = (id: string) =>
  ctx.db.selectFrom('listings').select(['status', 'statusBeforeHidden']).where('id', '=', id).executeTakeFirstOrThrow();

// SQLite runs one transaction at a time, so only PostgreSQL can interleave inside either transaction.
describe.skipIf(testEngine === 'sqlite')('enabling a seller while one of their orders ends', () => {
  it('an order that ends after the enable read the listing leaves it available, not reserved', async () => {
    const { seller, admin, listing, order } = await disabledSellerWithHeldListing();
    // The enable has read the hidden listing (to go back to 'reserved'); the order expires before it writes.
    interleave.arm('listings', async () => {
      await expireOrder({ ...ctx.deps, db: second }, order.id, order.dueAt);
    });
    await enableUser(ctx.deps, admin.user, seller.user.id);
    const o = await ctx.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(o.status).toBe('expired');
    expect(await rowOf(listing.id)).toEqual({ status: 'active', statusBeforeHidden: null });
  });

  it('an enable that lands while the ending order moves the listing leaves it available, not reserved', async () => {
    const { seller, admin, listing, order } = await disabledSellerWithHeldListing();
    // The order found the listing no longer reserved (hidden); the enable brings it back before the order's next write.
    let enabled: Promise<unknown> = Promise.resolve();
    interleave.arm(
      'listings',
      async () => {
        enabled = enableUser({ ...ctx.deps, db: second }, admin.user, seller.user.id);
        // The enable either lands now, or waits for the listing row the order's transaction holds.
        await untilLockWaitOr(ctx.db, enabled);
      },
      'update',
    );
    await expireOrder(ctx.deps, order.id, order.dueAt);
    await enabled;
    expect(await rowOf(listing.id)).toEqual({ status: 'active', statusBeforeHidden: null });
  });
});
