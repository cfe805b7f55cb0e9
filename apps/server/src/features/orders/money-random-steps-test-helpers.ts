import { DAY_MS, HOUR_MS, MINUTE_MS } from '@accountry/shared/durations';
import { sql } from 'kysely';
import { availableAccount, balanceOf } from '../../lib/ledger';
import { newCreditRequestId } from '../../test/order-fixtures';
import { ordersContext } from './orders-context';
import {
  type World,
  type ModelOrder,
  createWorld,
  api,
  createOrder,
  appOf,
  payOrder,
  deliverEvent,
  openChargeback,
  closeChargeback,
  sweepNow,
} from './money-world-test-helpers';
import { checkInvariants } from './money-invariants-test-helpers';
import { seededRandom, type Rand } from '../../seed/seeded-random';

// Random steps of whole flows, weighted to what is possible at that moment, and one seed's run of them.

type Rng = Rand;

const PRICES = [1, 7, 13, 99, 101, 133, 999, 1_001, 1_234, 2_500, 6_667, 9_999, 12_345, 33_333];
const pickPrice = (r: Rng) => (r.chance(0.5) ? r.pick(PRICES) : r.int(50, 40_000));
const ADVANCES = [
  MINUTE_MS,
  MINUTE_MS,
  16 * MINUTE_MS,
  16 * MINUTE_MS,
  2 * HOUR_MS + MINUTE_MS,
  13 * HOUR_MS,
  25 * HOUR_MS,
  3 * DAY_MS + HOUR_MS,
  6 * DAY_MS,
  15 * DAY_MS,
  31 * DAY_MS,
];
const REASON = 'The account did not match its listing at all.';
let references = 0;

type Kind =
  | 'create'
  | 'pay'
  | 'webhook'
  | 'cancel'
  | 'deliver'
  | 'confirm'
  | 'dispute'
  | 'decide'
  | 'time'
  | 'chargeback'
  | 'chargebackClose'
  | 'payout'
  | 'payoutEnd'
  | 'credit'
  | 'recover'
  | 'randomMove'
  | 'refusedRefund'
  | 'outage'
  | 'retryRefunds'
  | 'refundFails'
  | 'disable'
  | 'enable';

async function ordersByStatus(world: World) {
  const rows = await world.ctx.db.selectFrom('orders').select(['id', 'status', 'chargebackHoldSince']).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** One random step; returns what it did (for the trace). */
export async function randomStep(world: World, r: Rng, inOutage = false): Promise<string> {
  const { ctx, admin, members } = world;
  const rows = await ordersByStatus(world);
  const inState = (...states: string[]) => world.orders.filter((o) => states.includes(rows.get(o.id)?.status ?? ''));
  const openPayouts = await ctx.db.selectFrom('payouts').select('id').where('status', '=', 'open').execute();
  const lostLeft = await ctx.db
    .selectFrom('chargebacks')
    .select('id')
    .where('status', '=', 'lost')
    .where(sql<boolean>`withdrawn_cents - reinstated_cents - recovered_cents > 0`)
    .execute();
  const refused = await ctx.db
    .selectFrom('stripeRefunds')
    .select(['orderId', 'idempotencyKey', 'amountCents'])
    .where('status', '=', 'refused')
    .execute();
  const succeededRefunds = ctx.fake.resources.refunds.filter((x) => x.status === 'succeeded');
  const weights: Array<[Kind, number]> = [
    ['create', world.orders.length - inState('completed', 'canceled', 'expired', 'refunded').length < 8 ? 6 : 1],
    ['pay', inState('pending_payment').length ? 6 : 0],
    ['webhook', world.orders.some((x) => x.pendingEvent) ? 2 : 0],
    ['cancel', inState('pending_payment', 'paid').length ? 1 : 0],
    ['deliver', inState('paid').length ? 5 : 0],
    ['confirm', inState('delivered').length ? 3 : 0],
    ['dispute', inState('delivered', 'protection').length ? 3 : 0],
    ['decide', inState('disputed').length ? 4 : 0],
    ['time', 3],
    ['chargeback', world.orders.some((x) => x.intent && !x.disputes.some((d) => d.open)) ? 2 : 0],
    ['chargebackClose', world.orders.some((x) => x.disputes.some((d) => d.open)) ? 3 : 0],
    ['payout', 2],
    ['payoutEnd', openPayouts.length ? 3 : 0],
    ['credit', 1],
    ['recover', lostLeft.length ? 2 : 0],
    ['randomMove', world.orders.length ? 1 : 0],
    ['refusedRefund', refused.length ? 3 : 0],
    ['outage', inOutage ? 0 : 1],
    ['disable', process.env.MONEY_CLOSURES === '0' || world.disabled.size >= 2 ? 0 : 0.5],
    ['enable', world.disabled.size ? 1 : 0],
    ['retryRefunds', 1],
    ['refundFails', succeededRefunds.length ? 1 : 0],
  ];
  let roll = r.next() * weights.reduce((a, [, w]) => a + w, 0);
  let kind: Kind = 'time';
  for (const [k, w] of weights) {
    if (roll < w) {
      kind = k;
      break;
    }
    roll -= w;
  }
  const label = (o: ModelOrder) => `#${world.orders.indexOf(o)}(${o.provider},${o.price})`;
  switch (kind) {
    case 'create': {
      const buyer = r.pick(members);
      const seller = r.pick(members.filter((m) => m !== buyer));
      const provider = r.chance(0.5) ? 'stripe' : 'balance';
      const price = pickPrice(r);
      const protectionDays = r.pick([0, 5, 14, 30]);
      const deliveryTime = r.pick(['instant', 'within-24h']);
      const o = await createOrder(world, buyer, seller, provider, price, { protectionDays, deliveryTime });
      return `create ${provider} ${price} p${protectionDays} ${deliveryTime} -> ${o ? label(o) : 'refused'}`;
    }
    case 'pay': {
      const o = r.pick(inState('pending_payment').concat(world.orders.filter((x) => !rows.has(x.id))));
      if (!o) return 'pay: none';
      const now = r.chance(0.75);
      return `pay ${label(o)} ${now ? '' : '(webhook later)'} -> ${await payOrder(world, o, now)}`;
    }
    case 'webhook': {
      const o = r.pick(world.orders.filter((x) => x.pendingEvent));
      if (!o) return 'webhook: none';
      const event = o.pendingEvent!;
      delete o.pendingEvent;
      const res = await deliverEvent(world, event);
      return `payment webhook ${label(o)} -> ${res.status} ${JSON.stringify(res.body)}`;
    }
    case 'cancel': {
      const o = r.pick(inState('pending_payment', 'paid'));
      if (!o) return 'cancel: none';
      const res = await api(world, appOf(world, o), o.buyer, 'POST', `/api/orders/${o.id}/cancel`, {
        reason: 'changed',
      });
      return `cancel ${label(o)} -> ${res.status}`;
    }
    case 'deliver': {
      const o = r.pick(inState('paid'));
      if (!o) return 'deliver: none';
      const res = await api(world, appOf(world, o), o.seller, 'POST', `/api/orders/${o.id}/deliver`, {
        credentials: { login: 'ace', password: 'Hunter-22' },
      });
      return `deliver ${label(o)} -> ${res.status}`;
    }
    case 'confirm': {
      const o = r.pick(inState('delivered'));
      if (!o) return 'confirm: none';
      return `confirm ${label(o)} -> ${(await api(world, appOf(world, o), o.buyer, 'POST', `/api/orders/${o.id}/confirm`)).status}`;
    }
    case 'dispute': {
      const o = r.pick(inState('delivered', 'protection'));
      if (!o) return 'dispute: none';
      const res = await api(world, appOf(world, o), o.buyer, 'POST', `/api/orders/${o.id}/dispute`, { reason: REASON });
      return `dispute ${label(o)} -> ${res.status}`;
    }
    case 'decide': {
      const o = r.pick(inState('disputed'));
      if (!o) return 'decide: none';
      const outcome = r.pick(['refund', 'partial_refund', 'partial_refund', 'release'] as const);
      const refundCents =
        outcome === 'partial_refund'
          ? r.pick([1, o.price, Math.max(1, o.price - 1), r.int(1, o.price), o.price + 1])
          : undefined;
      const res = await api(world, appOf(world, o), admin, 'POST', `/api/admin/orders/${o.id}/decision`, {
        outcome,
        reason: 'Decided on the evidence given.',
        ...(refundCents !== undefined ? { refundCents } : {}),
      });
      return `decide ${label(o)} ${outcome}${refundCents !== undefined ? ` ${refundCents}` : ''} -> ${res.status}`;
    }
    case 'time': {
      const ms = r.pick(ADVANCES);
      ctx.clock.advance(ms);
      const res = await sweepNow(world);
      return `advance ${ms / MINUTE_MS} min and sweep -> moved ${res.moved}, chargebacks ${res.chargebacks}`;
    }
    case 'chargeback': {
      const second = process.env.MONEY_SECOND_DISPUTES !== '0' && r.chance(0.15);
      const o = r.pick(world.orders.filter((x) => x.intent && (second || !x.disputes.some((d) => d.open))));
      if (!o) return 'chargeback: none';
      // The bank never takes back more than the payment: what its other disputes took or dispute is left out.
      const taken = [...ctx.fake.resources.disputes.values()]
        .filter((d) => d.payment_intent === o.intent && !['won', 'warning_closed'].includes(d.status))
        .reduce((a, d) => a + d.amount, 0);
      const room = o.price - taken;
      if (room <= 0) return `chargeback: nothing left of ${label(o)} to dispute`;
      const amount = r.chance(0.6) && room === o.price ? undefined : r.int(1, room);
      const fee = r.pick([0, 1500, 1234]);
      const { id, res } = await openChargeback(world, o, amount, fee);
      return `chargeback open ${label(o)} (${rows.get(o.id)?.status}) amount ${amount ?? 'all'} fee ${fee} ${id} -> ${res.status} ${JSON.stringify(res.body)}`;
    }
    case 'chargebackClose': {
      const o = r.pick(world.orders.filter((x) => x.disputes.some((d) => d.open)));
      if (!o) return 'chargeback close: none';
      const d = r.pick(o.disputes.filter((x) => x.open));
      const status = r.pick(['won', 'lost', 'lost', 'warning_closed'] as const);
      const feeReturned = r.chance(0.7);
      const res = await closeChargeback(world, o, d.id, status, feeReturned);
      return `chargeback ${status} ${label(o)} (${rows.get(o.id)?.status}) feeReturned ${feeReturned} -> ${res.status} ${JSON.stringify(res.body)}`;
    }
    case 'payout': {
      const m = r.pick(members);
      const w = await api(world, ctx.app, m, 'GET', '/api/wallet');
      const payable = (w.body.payableCents as number) ?? 0;
      const amount = r.chance(0.8) ? r.int(1000, Math.max(1000, payable)) : payable + r.int(1, 500);
      const res = await api(world, ctx.app, m, 'POST', '/api/wallet/payouts', { amountCents: amount });
      if (res.status === 201) world.payouts.push({ id: res.body.id as string, member: m });
      return `payout ask ${members.indexOf(m)} ${amount} of ${payable} -> ${res.status}`;
    }
    case 'payoutEnd': {
      const open = new Set(openPayouts.map((x) => x.id));
      const p = r.pick(world.payouts.filter((x) => open.has(x.id)));
      if (!p) return 'payout end: none';
      const how = r.pick(['cancel', 'paid', 'reject', 'destination'] as const);
      let res;
      if (how === 'cancel') res = await api(world, ctx.app, p.member, 'POST', `/api/wallet/payouts/${p.id}/cancel`);
      else if (how === 'paid')
        res = await api(world, ctx.app, admin, 'POST', `/api/admin/payouts/${p.id}/paid`, {
          reference: `TRF-${++references}`,
          allowChargebackAtStake: r.chance(0.5),
        });
      else if (how === 'reject')
        res = await api(world, ctx.app, admin, 'POST', `/api/admin/payouts/${p.id}/reject`, {
          reason: 'Wrong details',
        });
      else res = await api(world, ctx.app, admin, 'POST', `/api/admin/payouts/${p.id}/destination`);
      return `payout ${how} -> ${res.status}`;
    }
    case 'credit': {
      const m = r.pick(members);
      const available = await balanceOf(ctx.db, availableAccount(m.id));
      const amountCents = r.chance(0.7)
        ? r.int(1, 20_000)
        : -r.int(1, Math.max(1, available + (r.chance(0.2) ? 100 : 0)));
      const res = await api(world, ctx.app, admin, 'POST', `/api/admin/users/${m.id}/balance-credits`, {
        amountCents,
        reason: 'Audit credit',
        requestId: newCreditRequestId(),
      });
      return `credit ${members.indexOf(m)} ${amountCents} (available ${available}) -> ${res.status}`;
    }
    case 'recover': {
      const lost = await ctx.db
        .selectFrom('chargebacks')
        .select(['orderId', 'withdrawnCents', 'reinstatedCents', 'recoveredCents'])
        .where('status', '=', 'lost')
        .execute();
      const c = r.pick(lost.filter((x) => x.withdrawnCents - x.reinstatedCents - x.recoveredCents > 0));
      if (!c) return 'recover: none';
      const left = c.withdrawnCents - c.reinstatedCents - c.recoveredCents;
      const amountCents = r.chance(0.7) ? r.int(1, left) : left;
      const o = world.orders.find((x) => x.id === c.orderId)!;
      const res = await api(world, ctx.app, admin, 'POST', `/api/admin/orders/${c.orderId}/chargeback-recovery`, {
        amountCents,
      });
      return `recover ${label(o)} ${amountCents} of ${left} -> ${res.status}`;
    }
    case 'refusedRefund': {
      const f = r.pick(refused);
      const o = world.orders.find((x) => x.id === f.orderId)!;
      const settle = r.chance(0.5);
      const res = settle
        ? await api(world, ctx.app, admin, 'POST', `/api/admin/orders/${f.orderId}/refund-settlement`, {
            refundKey: f.idempotencyKey,
            reference: `BANK-${++references}`,
          })
        : await api(world, ctx.app, admin, 'POST', `/api/admin/orders/${f.orderId}/refund-retry`, {
            refundKey: f.idempotencyKey,
          });
      return `refused refund ${label(o)} ${f.amountCents} ${settle ? 'settled outside Stripe' : 'retried'} -> ${res.status}`;
    }
    case 'disable': {
      const m = r.pick(members.filter((x) => !world.disabled.has(x.id)));
      const res = await api(world, ctx.app, admin, 'POST', `/api/admin/users/${m.id}/disable`, {
        reason: 'Audit closure',
      });
      if (res.status === 200) world.disabled.add(m.id);
      return `disable member ${members.indexOf(m)} -> ${res.status}`;
    }
    case 'enable': {
      const m = r.pick(members.filter((x) => world.disabled.has(x.id)));
      const res = await api(world, ctx.app, admin, 'POST', `/api/admin/users/${m.id}/enable`, {
        reason: 'Audit reopen',
      });
      if (res.status === 200) world.disabled.delete(m.id);
      return `enable member ${members.indexOf(m)} -> ${res.status}`;
    }
    case 'outage': {
      // Stripe fails its next requests during one other step; the events it could not deliver it sends again after.
      const n = r.int(1, 3);
      ctx.fake.failNext(n, r.pick([500, 503]));
      world.outage = true;
      let did: string;
      try {
        did = await randomStep(world, r, true);
      } finally {
        (ctx.fake as unknown as { failures: number[] }).failures.length = 0;
        world.outage = false;
      }
      const again = world.undelivered.splice(0);
      const redelivered = [];
      for (const event of again) redelivered.push((await deliverEvent(world, event)).status);
      return `stripe fails its next ${n} requests during: ${did}; events sent again -> [${redelivered.join(',')}]`;
    }
    case 'retryRefunds': {
      const stripe = ordersContext(ctx.deps).providerNamed('stripe') as unknown as {
        sendPendingRefunds(): Promise<number>;
      };
      ctx.clock.advance(r.pick([MINUTE_MS, 10 * MINUTE_MS, 2 * HOUR_MS]));
      return `retry pending card refunds -> ${await stripe.sendPendingRefunds()} sent`;
    }
    case 'refundFails': {
      const f = r.pick(succeededRefunds);
      const res = await deliverEvent(world, ctx.fake.failRefund(f.id, 'expired_or_canceled_card'));
      const o = world.orders.find((x) => x.intent === f.payment_intent);
      return `card refund ${f.amount} of ${o ? label(o) : f.payment_intent} failed later -> ${res.status} ${JSON.stringify(res.body)}`;
    }
    case 'randomMove': {
      // Any party pressing any button on any order: refused or not, never a 500 and never money out of place.
      const o = r.pick(world.orders);
      if (!o) return 'random move: none';
      const action = r.pick(['pay', 'cancel', 'deliver', 'confirm', 'dispute'] as const);
      const who = r.pick([o.buyer, o.seller]);
      const body =
        action === 'deliver'
          ? { credentials: { login: 'x', password: 'y-Password1' } }
          : action === 'dispute'
            ? { reason: REASON }
            : undefined;
      const res = await api(world, appOf(world, o), who, 'POST', `/api/orders/${o.id}/${action}`, body);
      return `random ${action} ${label(o)} by ${who === o.buyer ? 'buyer' : 'seller'} -> ${res.status}`;
    }
  }
}

export async function runSeed(seed: number, steps: number) {
  const world = await createWorld();
  const r = seededRandom(seed);
  try {
    const start = await checkInvariants(world);
    if (start.length) throw new Error(`before any step: ${start.join('\n')}`);
    for (let i = 0; i < steps; i++) {
      const did = await randomStep(world, r);
      world.trace.push(`${i}: ${did}`);
      const problems = await checkInvariants(world);
      if (problems.length)
        throw new Error(`seed ${seed} step ${i}:\n${problems.join('\n')}\n--- trace ---\n${world.trace.join('\n')}`);
    }
    return world.trace;
  } finally {
    await world.close();
  }
}
