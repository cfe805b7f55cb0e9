import { describe, expect, it } from 'vitest';
import { ADMIN_WAITING_LINKS } from '@accountry/shared/admin-waiting';
import { signInAs } from '../../test/test-app';
import { openChargeback, useStripeTestApp, type StripeTestContext } from './stripe-test-helpers';
import { completedCardOrder, decidedOnCompleted } from './settled-chargeback-test-helpers';
import { orderCalls } from './chargebacks-test-helpers';
import { newCreditRequestId } from '../../test/order-fixtures';

/**
 * Decisions 183 and 186: a lost chargeback on an order settled before it waits for an admin while money is left to
 * recover, counted apart from the open chargebacks and listed by the admin orders filter its count leads to.
 */
let ctx: StripeTestContext;
useStripeTestApp((c) => (ctx = c));

const PRICE = 20_000;
const get = (headers: Record<string, string>, url: string) => ctx.app.inject({ method: 'GET', url, headers });
const { post } = orderCalls(() => ctx);

async function waiting(headers: Record<string, string>) {
  const res = await get(headers, '/api/admin/waiting');
  expect(res.statusCode).toBe(200);
  return res.json<{ chargebacks: number; chargebacksToRecover: number }>();
}

/** The ids the admin orders list shows for a filter, every page walked with its cursor. */
async function listed(headers: Record<string, string>, status: string) {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `/api/admin/orders?status=${status}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await get(headers, url);
    expect(res.statusCode).toBe(200);
    const page = res.json<{ items: Array<{ id: string }>; nextCursor: string | null }>();
    ids.push(...page.items.map((o) => o.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids.sort();
}

describe('chargebacks to recover, for the admins', () => {
  it('count from the loss until recovered in full, and their filter lists exactly those orders', async () => {
    const won = await decidedOnCompleted(ctx, PRICE, 'won');
    // Each order takes weeks of the test clock to complete, past a session's life: the admin signs in for each look.
    const adminId = won.admin.user.id;
    // Nothing to recover of a won chargeback (Stripe gave the funds back) or of an order with none.
    const plain = await completedCardOrder(ctx, PRICE);
    let headers = (await signInAs(ctx, adminId)).headers;
    expect(await waiting(headers)).toMatchObject({ chargebacks: 0, chargebacksToRecover: 0 });
    expect(await listed(headers, 'chargeback_to_recover')).toEqual([]);

    // While the bank decides, the withdrawal is booked but the chargeback is open: nothing to recover yet.
    const open = await completedCardOrder(ctx, PRICE);
    await openChargeback(ctx, open.intent);
    headers = (await signInAs(ctx, adminId)).headers;
    expect(await waiting(headers)).toMatchObject({ chargebacks: 1, chargebacksToRecover: 0 });

    const lost = await decidedOnCompleted(ctx, PRICE);
    const other = await decidedOnCompleted(ctx, PRICE);
    headers = (await signInAs(ctx, adminId)).headers;
    expect(await waiting(headers)).toMatchObject({ chargebacks: 1, chargebacksToRecover: 2 });
    expect(await listed(headers, 'chargeback_to_recover')).toEqual([lost.orderId, other.orderId].sort());
    expect(ADMIN_WAITING_LINKS.chargebacksToRecover).toBe('/admin/orders?status=chargeback_to_recover');
    // The chargebacks filter still finds every order a chargeback touched.
    expect(await listed(headers, 'chargeback')).toEqual(
      [won.orderId, open.orderId, lost.orderId, other.orderId].sort(),
    );
    expect(await listed(headers, 'chargeback_to_recover')).not.toContain(plain.orderId);

    // Recovered in part, it still waits; recovered in full, it no longer does.
    const recover = (amountCents: number) =>
      post(headers, `/api/admin/orders/${lost.orderId}/chargeback-recovery`, { amountCents });
    expect((await recover(5_000)).statusCode).toBe(200);
    expect(await waiting(headers)).toMatchObject({ chargebacksToRecover: 2 });
    const credit = { amountCents: 10_000, reason: 'Bank transfer from the seller', requestId: newCreditRequestId() };
    const credited = await post(headers, `/api/admin/users/${lost.seller.user.id}/balance-credits`, credit);
    expect(credited.statusCode).toBe(200);
    expect((await recover(PRICE - 5_000)).statusCode).toBe(200);
    expect(await waiting(headers)).toMatchObject({ chargebacks: 1, chargebacksToRecover: 1 });
    expect(await listed(headers, 'chargeback_to_recover')).toEqual([other.orderId]);
  });
});
