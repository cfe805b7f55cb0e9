import { describe, expect, it } from 'vitest';
import { untilLockWaitOr } from '../../test/lock-waits';
import type { AppDeps } from '../../app';
import type { AuthUser } from '../../plugins/auth';
import type { Interleave } from '../../test/interleave';
import { signInAs, testEngine } from '../../test/test-app';
import { availableAccount, balanceOf } from '../../lib/ledger';
import { ordersContext } from './orders-context';
import { recordChargeback } from './chargebacks.service';
import { recoverChargeback } from './chargeback-recovery.service';
import { fund, markPaid, withPayoutDetails, type Party } from './orders-test-helpers';
import { completedCardOrder, decidedOnCompleted } from './settled-chargeback-test-helpers';
import { useStripeRaceTestApp } from './stripe-race-test-app';
import type { StripeTestContext } from './stripe-test-helpers';

/**
 * Decision 204: a payout request reads what chargebacks keep back under the member's account lock, which an admin's
 * recovery takes too, so a chargeback opening or a recovery beside it is either seen whole or comes after it.
 */
const pg = testEngine === 'postgres';
let ctx: StripeTestContext;
let interleave: Interleave;
let secondDeps: AppDeps;
useStripeRaceTestApp((race) => {
  ({ ctx, interleave } = race);
  secondDeps = { ...ctx.deps, db: race.second };
});

const PRICE = 20_000;
const TITLE = 'Diamond-rank Valorant account';
const HELD_OPEN = `$200.00 is held while the chargeback on the order for “${TITLE}” is open.`;
const heldLost = (amount: string) =>
  `${amount} is held until an admin recovers it: the bank decided for the cardholder in the chargeback on the order ` +
  `for “${TITLE}”.`;

/** A member of a Stripe deal, signed in afresh (the weeks the deal took ended their sessions). */
const partyOf = async (p: { user: { id: string } }): Promise<Party> => ({
  id: p.user.id,
  session: await signInAs(ctx, p.user.id),
});

/** The payout request, with a session made before any interleaving is armed. */
async function askPayout(who: Party, amountCents: number) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/wallet/payouts',
    headers: who.session.headers,
    payload: { amountCents },
  });
  return { status: res.statusCode, message: res.json().error?.message as string | undefined };
}

const openPayouts = (userId: string) =>
  ctx.db
    .selectFrom('payouts')
    .select('amountCents')
    .where('userId', '=', userId)
    .where('status', '=', 'open')
    .execute();

/** Stripe's report of the bank opening a chargeback of the whole price, taken from the platform at once. */
async function openingOf(orderId: string) {
  const order = await ctx.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  return {
    id: `dp_${orderId}`,
    orderId,
    providerRef: order.providerRef!,
    amountCents: order.priceCents,
    currency: order.currency,
    reason: 'fraudulent',
    status: 'open' as const,
    fee: { chargedCents: 0, returnedCents: 0 },
    funds: { withdrawnCents: order.priceCents, reinstatedCents: 0 },
  };
}

const adminUser = async (id: string) =>
  (await ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as AuthUser;

/** A completed sale's seller with payout details and `extraCents` beside the $190.00 it paid them. */
async function sellerOf(deal: { seller: { user: { id: string } } }, extraCents: number) {
  const seller = await partyOf(deal.seller);
  await withPayoutDetails(ctx, seller);
  if (extraCents) await fund(ctx, seller.id, extraCents);
  seller.session = await signInAs(ctx, seller.id);
  return seller;
}

describe('a payout request racing a chargeback opening', () => {
  it('sees a chargeback opened after its session was checked, and keeps its amount back', async () => {
    const deal = await completedCardOrder(ctx, PRICE);
    const seller = await sellerOf(deal, 0);
    const opening = await openingOf(deal.orderId);
    // The request's session was read; Stripe's webhook opens the chargeback before the request's transaction.
    interleave.arm('sessions', async () => {
      expect(await recordChargeback(ordersContext(secondDeps), opening)).toBe('opened');
    });
    expect(await askPayout(seller, 19_000)).toEqual({
      status: 409,
      message: `You cannot ask for a payout now: ${HELD_OPEN}`,
    });
    expect(await openPayouts(seller.id)).toEqual([]);
    expect(await balanceOf(ctx.db, availableAccount(seller.id))).toBe(19_000);
  });

  it.runIf(pg)('sees a chargeback opened while it holds the account lock, before it reads what is held', async () => {
    const deal = await completedCardOrder(ctx, PRICE);
    const seller = await sellerOf(deal, 6_000);
    const opening = await openingOf(deal.orderId);
    // The request holds the account's lock and counts its day's requests; the opening commits meanwhile.
    interleave.arm('payouts', async () => {
      expect(await recordChargeback(ordersContext(secondDeps), opening)).toBe('opened');
    });
    expect(await askPayout(seller, 25_000)).toEqual({
      status: 409,
      message: `You can ask for at most $50.00: ${HELD_OPEN}`,
    });
    expect(await openPayouts(seller.id)).toEqual([]);
  });

  it.runIf(pg)('written before the opening commits, lands open, and marking it paid warns the admin', async () => {
    const deal = await completedCardOrder(ctx, PRICE);
    const seller = await sellerOf(deal, 0);
    const opening = await openingOf(deal.orderId);
    // The request has read what is held (nothing yet) and reads where the money goes; the opening commits meanwhile.
    interleave.arm('payout_methods', async () => {
      expect(await recordChargeback(ordersContext(secondDeps), opening)).toBe('opened');
    });
    expect((await askPayout(seller, 19_000)).status).toBe(201);
    const [payout] = await ctx.db.selectFrom('payouts').select('id').where('userId', '=', seller.id).execute();
    const warned = await markPaid(ctx, await partyOf(deal.admin), payout!.id);
    expect(warned.status).toBe(409);
    expect(warned.body.error).toMatchObject({ code: 'PAYOUT_CHARGEBACK_AT_STAKE' });
    expect(await openPayouts(seller.id)).toEqual([{ amountCents: 19_000 }]);
  });
});

describe('a payout request racing an admin recovering the chargeback', () => {
  it('sees a recovery made after its session was checked: only what is left stays held', async () => {
    const deal = await decidedOnCompleted(ctx, PRICE);
    const seller = await sellerOf(deal, 6_000);
    const admin = await adminUser(deal.admin.user.id);
    interleave.arm('sessions', async () => {
      await recoverChargeback(ordersContext(secondDeps), admin, deal.orderId, 15_000);
    });
    expect(await askPayout(seller, 10_000)).toEqual({
      status: 409,
      message: `You can ask for at most $50.00: ${heldLost('$50.00')}`,
    });
    expect(await balanceOf(ctx.db, availableAccount(seller.id))).toBe(10_000);
    expect((await askPayout(seller, 5_000)).status).toBe(201);
  });

  it.runIf(pg)('holds the account lock while it reads: the recovery waits, and still finds the money', async () => {
    const deal = await decidedOnCompleted(ctx, PRICE);
    const seller = await sellerOf(deal, 6_000);
    const admin = await adminUser(deal.admin.user.id);
    let recovered: Promise<unknown> | undefined;
    // The request holds the account's lock; the admin's recovery starts on another connection and must wait for it.
    interleave.arm('payouts', async () => {
      recovered = recoverChargeback(ordersContext(secondDeps), admin, deal.orderId, PRICE).then(
        () => 'recovered',
        (e: Error) => e.message,
      );
      await untilLockWaitOr(ctx.db, recovered);
    });
    expect(await askPayout(seller, 25_000)).toEqual({
      status: 409,
      message: `You can ask for at most $50.00: ${heldLost('$200.00')}`,
    });
    expect(await recovered).toBe('recovered');
    expect(await balanceOf(ctx.db, availableAccount(seller.id))).toBe(5_000);
    expect(await openPayouts(seller.id)).toEqual([]);
  });
});
