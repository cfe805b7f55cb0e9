import { HELD_STATES } from './chargeback-accounts';
import { platformFeeCents } from '@accountry/shared/order-state';
import {
  ESCROW,
  PLATFORM_FEE,
  STRIPE_CLEARING,
  availableAccount,
  balanceOf,
  checkLedger,
  heldAccount,
} from '../../lib/ledger';
import { stripeHolds } from './stripe-test-helpers';
import { FEE_PERCENT, type World, api } from './money-world-test-helpers';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Every money invariant; the problems found (empty when all hold). */
export async function checkInvariants(world: World): Promise<string[]> {
  const { ctx } = world;
  const db = ctx.db;
  const problems: string[] = [...(await checkLedger(db))];
  if (world.serverErrors.length) problems.push(...world.serverErrors.map((e) => `server error: ${e}`));
  if (world.loggedErrors.length)
    problems.push(
      ...world.loggedErrors.map(
        (e) => `logged error: ${JSON.stringify(e, (_k, v) => (v instanceof Error ? v.stack : v))}`,
      ),
    );
  const accounts = await db.selectFrom('ledgerAccounts').select(['id', 'balanceCents']).execute();
  const total = sum(accounts.map((a) => Number(a.balanceCents)));
  if (total !== 0) problems.push(`accounts sum to ${total}`);
  for (const a of accounts)
    if (/^u:/.test(a.id) && Number(a.balanceCents) < 0) problems.push(`${a.id} is negative: ${a.balanceCents}`);

  const orders = await db.selectFrom('orders').selectAll().execute();
  const entries = await db
    .selectFrom('ledgerEntries as e')
    .innerJoin('ledgerTransactions as t', 't.id', 'e.transactionId')
    .select(['t.orderId', 't.kind', 'e.accountId', 'e.amountCents'])
    .where('t.orderId', 'is not', null)
    .execute();
  const byOrder = new Map<string, typeof entries>();
  for (const e of entries) {
    const list = byOrder.get(e.orderId!) ?? [];
    list.push(e);
    byOrder.set(e.orderId!, list);
  }
  let heldTotal = 0;
  let feeTotal = 0;
  for (const o of orders) {
    const on = (account: string, kinds?: string[]) => bookedOn(byOrder.get(o.id), account, kinds);
    const price = o.priceCents;
    const refunded = o.refundedCents;
    if (refunded < 0 || refunded > price) problems.push(`order ${o.id} refunded ${refunded} of ${price}`);
    const held = (HELD_STATES as readonly string[]).includes(o.status);
    const expectEscrow = held ? price - refunded : 0;
    if (held) heldTotal += price - refunded;
    const escrowOfOrder = on(ESCROW);
    if (escrowOfOrder !== expectEscrow)
      problems.push(`order ${o.id} (${o.status}) escrow ${escrowOfOrder}, expected ${expectEscrow}`);
    const fee = o.feeCents;
    if (fee !== null) {
      feeTotal += fee;
      const kept = price - refunded;
      const rule = platformFeeCents(kept, FEE_PERCENT);
      if (fee !== rule || Math.abs(fee - (kept * FEE_PERCENT) / 100) > 0.5)
        problems.push(`order ${o.id} fee ${fee} on ${kept}, rule says ${rule}`);
    }
    const feeBooked = on(PLATFORM_FEE);
    if (feeBooked !== (fee ?? 0)) problems.push(`order ${o.id} platform fee booked ${feeBooked}, feeCents ${fee}`);
    const sellerPaid = on(availableAccount(o.sellerId), ['order_release', 'order_refund']);
    const sellerExpect = fee !== null ? price - refunded - fee : 0;
    if (sellerPaid !== sellerExpect)
      problems.push(`order ${o.id} (${o.status}) paid seller ${sellerPaid}, expected ${sellerExpect}`);
  }
  const escrow = await balanceOf(db, ESCROW);
  if (escrow !== heldTotal) problems.push(`escrow ${escrow}, held orders ${heldTotal}`);
  const fees = await balanceOf(db, PLATFORM_FEE);
  if (fees !== feeTotal) problems.push(`platform_fee ${fees}, orders' fees ${feeTotal}`);

  // Card money: the ledger's clearing per order against what the fake Stripe holds of its payment.
  const chargebackRows = await db.selectFrom('chargebacks').select(['id', 'withdrawnCents']).execute();
  const withdrawnBooked = new Map(chargebackRows.map((c) => [c.id, Number(c.withdrawnCents)]));
  const unsettledRefunds = await db
    .selectFrom('stripeRefunds')
    .select('orderId')
    .where('status', 'in', ['pending', 'refused'])
    .execute();
  const refundsWaiting = new Set(unsettledRefunds.map((x) => x.orderId));
  const paid = new Set(orders.filter((o) => o.paidAt !== null).map((o) => o.id));
  for (const m of world.orders) {
    // Only a payment the order took, whose refunds all reached the card or were settled outside Stripe.
    if (m.provider !== 'stripe' || !m.intent || m.pendingEvent || !paid.has(m.id) || refundsWaiting.has(m.id)) continue;
    const clearing = 0 - bookedOn(byOrder.get(m.id), STRIPE_CLEARING);
    let expected = stripeHolds(ctx, m.intent, m.price);
    // An open dispute on an order escrow holds: Stripe took the funds, the ledger books them at the bank's decision.
    for (const d of ctx.fake.resources.disputes.values())
      if (d.payment_intent === m.intent && !['won', 'lost', 'warning_closed'].includes(d.status))
        expected += d.amount - (withdrawnBooked.get(d.id) ?? 0);
    if (clearing !== expected)
      problems.push(`order #${world.orders.indexOf(m)} ${m.id} stripe_clearing ${clearing}, Stripe holds ${expected}`);
  }

  // What each member sees in their wallet.
  const openPayouts = await db
    .selectFrom('payouts')
    .select(['userId', 'amountCents'])
    .where('status', '=', 'open')
    .execute();
  for (const m of world.members) {
    const r = world.disabled.has(m.id)
      ? await api(world, ctx.app, world.admin, 'GET', `/api/admin/users/${m.id}/wallet`)
      : await api(world, ctx.app, m, 'GET', '/api/wallet');
    if (r.status !== 200) {
      problems.push(`wallet of ${m.id}: ${r.status}`);
      continue;
    }
    const w = r.body as Record<string, number>;
    const available = await balanceOf(db, availableAccount(m.id));
    const heldBal = await balanceOf(db, heldAccount(m.id));
    const open = sum(openPayouts.filter((p) => p.userId === m.id).map((p) => Number(p.amountCents)));
    const asBuyer = sum(
      orders
        .filter((o) => o.buyerId === m.id && (HELD_STATES as readonly string[]).includes(o.status))
        .map((o) => o.priceCents - o.refundedCents),
    );
    const asSeller = sum(
      orders
        .filter((o) => o.sellerId === m.id && (HELD_STATES as readonly string[]).includes(o.status))
        .map((o) => o.priceCents - o.refundedCents),
    );
    if (w.availableCents !== available)
      problems.push(`wallet of ${m.id} shows ${w.availableCents}, ledger ${available}`);
    if (w.heldCents !== heldBal) problems.push(`wallet of ${m.id} held ${w.heldCents}, ledger ${heldBal}`);
    if (heldBal !== open) problems.push(`held of ${m.id} ${heldBal}, open payouts ${open}`);
    if (w.inEscrowAsBuyerCents !== asBuyer)
      problems.push(`wallet of ${m.id} as buyer ${w.inEscrowAsBuyerCents}, orders ${asBuyer}`);
    if (w.inEscrowAsSellerCents !== asSeller)
      problems.push(`wallet of ${m.id} as seller ${w.inEscrowAsSellerCents}, orders ${asSeller}`);
    if (!world.disabled.has(m.id)) {
      // The balance history, every page: its lines add up to the balances, and each sale line's split to what it paid.
      let cursor: string | null = null;
      let availableSum = 0;
      let heldSum = 0;
      for (let page = 0; page < 1000; page++) {
        const url: string = `/api/wallet/entries${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;
        const h = await api(world, ctx.app, m, 'GET', url);
        if (h.status !== 200) {
          problems.push(`wallet history of ${m.id}: ${h.status}`);
          break;
        }
        const items = h.body.items as Array<{
          id: string;
          availableCents: number;
          heldCents: number;
          sale: { paidCents: number } | null;
        }>;
        for (const it of items) {
          availableSum += it.availableCents;
          heldSum += it.heldCents;
          if (it.sale && it.sale.paidCents !== it.availableCents)
            problems.push(
              `wallet line ${it.id} of ${m.id} shows a sale paying ${it.sale.paidCents}, paid ${it.availableCents}`,
            );
        }
        cursor = h.body.nextCursor as string | null;
        if (!cursor) break;
      }
      if (availableSum !== available)
        problems.push(`wallet history of ${m.id} adds to ${availableSum}, available ${available}`);
      if (heldSum !== heldBal) problems.push(`wallet history of ${m.id} holds ${heldSum}, held ${heldBal}`);
    }
    if (w.payableCents !== Math.max(0, w.availableCents - w.chargebackHeldCents) || w.payableCents < 0)
      problems.push(`wallet of ${m.id} payable ${w.payableCents} of ${w.availableCents} less ${w.chargebackHeldCents}`);
  }
  return problems;
}

/** What an order's entries booked on `account` (of those `kinds` when given). */
function bookedOn(
  entries: Array<{ kind: string; accountId: string; amountCents: number }> = [],
  account: string,
  kinds?: string[],
) {
  return sum(
    entries
      .filter((e) => e.accountId === account && (!kinds || kinds.includes(e.kind)))
      .map((e) => Number(e.amountCents)),
  );
}

export const statusOf = async (world: World, id: string) =>
  (await world.ctx.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
