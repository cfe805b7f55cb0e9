import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import type { Interleave } from '../../test/interleave';
import { untilLockWaitOr } from '../../test/lock-waits';
import { useRaceTestApp } from '../../test/race-app';
import { TEST_PASSWORD, signInAs, testEngine, userWithSession, type TestContext } from '../../test/test-app';
import type { AuthUser } from '../../plugins/auth';
import { arrangeDeal, call, fund, listingChat, orderUpTo, type Party } from './orders-test-helpers';
import { buyNow } from './buy-now.service';
import { answerOffer } from './offer-answers.service';
import { ordersContext } from './orders-context';

// Races between connections: SQLite's one connection already runs one transaction at a time.
const pg = testEngine === 'postgres';
let interleave: Interleave;
let ctx: TestContext;
let second: DatabaseHandle;
useRaceTestApp((race) => ({ ctx, second, interleave } = race));

const offer = (who: Party, listingId: string, amountCents: number) =>
  call(ctx, who, 'POST', `/api/listings/${listingId}/offers`, { amountCents });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(pg)('accepting an offer while another buyer orders the listing', () => {
  it('the order waits for the accept, which decided on the listing still for sale', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000, negotiable: true });
    const id = (await offer(deal.buyer, deal.listing.id, 8_000)).body.id as string;
    const rival = await userWithSession(ctx, 'buyer');
    await fund(ctx, rival.user.id, 50_000);
    let rivalOrder: Promise<unknown> | undefined;
    let rivalDone = false;
    let rivalDoneBeforeAccept = true;
    // The offer's own look-up joins the listing; the next read of it is the accept's check, under the seller's lock.
    interleave.arm('listings', async () => {
      interleave.arm('listings', async () => {
        rivalOrder = buyNow(ordersContext({ ...ctx.deps, db: second }), rival.user, deal.listing.id).then(
          () => (rivalDone = true),
        );
        // Time enough for the rival's order to commit, if nothing held it back.
        await new Promise((r) => setTimeout(r, 300));
        rivalDoneBeforeAccept = rivalDone;
      });
    });
    const accepted = await call(ctx, deal.seller, 'POST', `/api/offers/${id}/accept`);
    await rivalOrder;
    const row = await ctx.db.selectFrom('offers').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    const listing = await ctx.db
      .selectFrom('listings')
      .select('status')
      .where('id', '=', deal.listing.id)
      .executeTakeFirstOrThrow();
    // The order waited for the accept, which saw the listing for sale: accepted first, reserved after.
    expect(rivalDoneBeforeAccept).toBe(false);
    expect([accepted.status, row.status, listing.status]).toEqual([200, 'accepted', 'reserved']);
  });
});

describe.runIf(pg)('closing a buyer while the seller answers their offer', () => {
  it('a buyer with an unpaid full-price order and a pending offer on the listing: disable vs decline', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000, negotiable: true });
    const id = (await offer(deal.buyer, deal.listing.id, 7_000)).body.id as string;
    // The buyer grows impatient and buys at the price: the order and the offer share the listing's conversation.
    await orderUpTo(ctx, deal, 'pending_payment');
    const admin = await userWithSession(ctx, 'admin');
    let decline: Promise<unknown> | undefined;
    // The closure's first read of offers is closeOffers', after the canceled order's notice took the conversation.
    interleave.arm('offers', async () => {
      decline = answerOffer(
        ordersContext({ ...ctx.deps, db: second }),
        { id: deal.seller.id } as AuthUser,
        id,
        'decline',
      ).then(
        () => 'ok',
        (e: Error & { code?: string; statusCode?: number }) => e.code ?? e.statusCode ?? e.message,
      );
      await untilLockWaitOr(ctx.db, decline);
    });
    const disabled = (
      await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/users/${deal.buyer.id}/disable`,
        headers: admin.session.headers,
        payload: { reason: 'Fraud' },
      })
    ).statusCode;
    const declined = await decline;
    // Either order of the two is fine (decline then close, or close then a 409); a deadlock is not.
    expect({ disabled, declined }).toEqual({ disabled: 200, declined: expect.not.stringMatching(/40P01/) });
    expect(declined).not.toBe('40P01');
  });
});

describe.runIf(pg)('an offer made while its seller deletes their account', () => {
  it('is closed with the account, or refused; not left pending to a deleted seller', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000, negotiable: true, title: 'Racy listing' });
    let deletion: Promise<number> | undefined;
    // makeOffer's last check (blocks) is done: the seller deletes their account before the offer is written.
    interleave.arm('user_blocks', async () => {
      deletion = signInAs(ctx, deal.seller.id).then(async (session) => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/profile/delete',
          headers: session.headers,
          payload: { password: TEST_PASSWORD },
        });
        return res.statusCode;
      });
      // The deletion commits, or waits for a lock this transaction holds.
      await untilLockWaitOr(ctx.db, deletion);
    });
    const made = await offer(deal.buyer, deal.listing.id, 7_000);
    expect(await deletion).toBe(204);
    const row = await ctx.db
      .selectFrom('offers')
      .select('status')
      .where('listingId', '=', deal.listing.id)
      .executeTakeFirst();
    // Refused, or made and then closed with the account: never left open to a deleted seller.
    expect(made.status === 409 || row?.status === 'closed').toBe(true);
    expect(row?.status).not.toBe('pending');
  });
});

describe.runIf(pg)('a withdrawal that crosses the acceptance', () => {
  it('the seller who accepted is mailed that the offer was withdrawn', async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000, negotiable: true, title: 'Crossed offer' });
    const id = (await offer(deal.buyer, deal.listing.id, 7_000)).body.id as string;
    // The withdrawal read the offer (pending) before the seller's lock; the accept commits in between.
    interleave.arm('offers', async () => {
      await answerOffer(ordersContext({ ...ctx.deps, db: second }), { id: deal.seller.id } as AuthUser, id, 'accept');
    });
    const withdrawn = await call(ctx, deal.buyer, 'POST', `/api/offers/${id}/withdraw`);
    expect(withdrawn.status).toBe(200);
    const mails = (await ctx.mailsTo(deal.seller.email ?? '')).map((m) => m.subject);
    expect(mails).toContain('An offer on "Crossed offer" was withdrawn');
  });
});

// The seller's counter commits after the buyer's answer read the offer and before it took the locks (both engines: the
// answer's first read is outside any transaction).
describe("the buyer's answer and the seller's counter crossing", () => {
  const counterOnSecond = (deal: Awaited<ReturnType<typeof arrangeDeal>>, id: string) => () =>
    answerOffer(ordersContext({ ...ctx.deps, db: second }), { id: deal.seller.id } as AuthUser, id, 'counter', 9_500);

  it("accepting the seller's price accepts the price the seller named, never the buyer's own", async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000, negotiable: true });
    const id = (await offer(deal.buyer, deal.listing.id, 5_000)).body.id as string;
    interleave.arm('offers', async () => void (await counterOnSecond(deal, id)()));
    const accepted = await call(ctx, deal.buyer, 'POST', `/api/offers/${id}/accept-counter`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', amountCents: 9_500 });
    const order = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id });
    expect(order.body.priceCents).toBe(9_500);
  });

  it("declining names the seller's price that was declined", async () => {
    const deal = await arrangeDeal(ctx, { priceCents: 10_000, negotiable: true });
    const id = (await offer(deal.buyer, deal.listing.id, 5_000)).body.id as string;
    interleave.arm('offers', async () => void (await counterOnSecond(deal, id)()));
    expect((await call(ctx, deal.buyer, 'POST', `/api/offers/${id}/withdraw`)).status).toBe(200);
    expect((await listingChat(ctx, deal.listing.id)).at(-1)).toBe("The buyer declined the seller's price of $95.");
  });
});

describe.runIf(pg)('a buyer calling accept-counter again and again while the seller counters', () => {
  it('never gets the offer accepted at its own amount', async () => {
    for (let round = 0; round < 3; round++) {
      const deal = await arrangeDeal(ctx, { priceCents: 10_000, negotiable: true });
      const id = (await offer(deal.buyer, deal.listing.id, 5_000)).body.id as string;
      const tries = Array.from({ length: 8 }, (_, i) =>
        sleep(i * 3).then(() => call(ctx, deal.buyer, 'POST', `/api/offers/${id}/accept-counter`)),
      );
      await Promise.all([
        call(ctx, deal.seller, 'POST', `/api/offers/${id}/counter`, { amountCents: 9_500 }),
        ...tries,
      ]);
      const row = await ctx.db.selectFrom('offers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.status === 'accepted' && row.amountCents === 5_000).toBe(false);
    }
  });
});
