import { describe, expect, it } from 'vitest';
import { insertOrderRow } from '../../test/order-fixtures';
import { refuseWrites } from '../../test/refused-writes';
import type { TestContext } from '../../test/test-app';
import { insertListing, partyWithSession, sweep, useOrdersTestApp } from './orders-test-helpers';

/**
 * A reminder that cannot be queued (its buyer's mail is refused, every time) is logged and tried again next sweep: it
 * must neither end the sweep nor hold back the reminders due after it, however many such come first.
 */
let ctx: TestContext;
useOrdersTestApp((c) => (ctx = c));

const reminderOf = async (id: string) =>
  (await ctx.db.selectFrom('orders').select('reminderAt').where('id', '=', id).executeTakeFirstOrThrow()).reminderAt;

describe('the order sweep past reminders it cannot send', () => {
  it('sends the reminders due after more than a batch of failing ones, and the sweep goes on', async () => {
    const seller = await partyWithSession(ctx, 'seller');
    const stuckBuyer = await partyWithSession(ctx, 'buyer');
    const buyer = await partyWithSession(ctx, 'buyer');
    await refuseWrites(ctx.handle, 'mail_outbox', 'to', stuckBuyer.email, ['insert']);
    const now = ctx.clock.now();
    const delivered = async (buyerId: string, reminderAt: number, over = {}) => {
      const listing = await insertListing(ctx, seller.id, { status: 'sold' });
      const o = { listingId: listing.id, buyerId, sellerId: seller.id, status: 'delivered' as const };
      return (await insertOrderRow(ctx, { ...o, protectionStartedAt: null, completedAt: null, reminderAt, ...over }))
        .id;
    };
    const stuck: string[] = [];
    for (let i = 0; i < 150; i++) stuck.push(await delivered(stuckBuyer.id, now - 1000 + i));
    const reminded = await delivered(buyer.id, now);
    // A later step of the same sweep: credentials due to be erased.
    const ended = await delivered(buyer.id, now + 1000, { status: 'completed', credentialsEraseAt: now });

    const result = await sweep(ctx);
    expect(result).toMatchObject({ reminded: 1, erased: 1 });
    expect(await reminderOf(reminded)).toBeNull();
    expect((await ctx.mailsTo(buyer.email)).length).toBe(1);
    const erased = await ctx.db.selectFrom('orders').select('credentialsErasedAt').where('id', '=', ended).execute();
    expect(erased).toEqual([{ credentialsErasedAt: now }]);
    // Each failing reminder is still owed, for the next sweep.
    expect(new Set(await Promise.all(stuck.map(reminderOf))).size).toBe(150);
  });
});
