import { describe, expect, it } from 'vitest';
import { untilLockWaitOr } from '../../test/lock-waits';
import { ORDER_MESSAGES as M } from '@accountry/shared/order-messages';
import type { AppDeps } from '../../app';
import type { AuthUser } from '../../plugins/auth';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { asTwoProcesses, createPeerApp, testEngine, type TestContext } from '../../test/test-app';
import { ordersContext } from './orders-context';
import { revealCredentials } from './orders.service';
import { correctCredentials } from './credentials-correction.service';
import { arrangeDeal, call, listingChat, orderUpTo } from './orders-test-helpers';

// Waiting on another connection's row lock needs two connections that really run at once: PostgreSQL.
const pg = testEngine === 'postgres';
let ctx: TestContext;
let interleave: Interleave;
let secondDeps: AppDeps;
useRaceTestApp((race) => {
  ({ ctx, interleave } = race);
  secondDeps = { ...ctx.deps, db: race.second };
});

type Deal = Awaited<ReturnType<typeof arrangeDeal>>;
const ORIGINAL = 'S3cret-pass!';
const FIXED = { login: 'valorant_king', password: 'Fixed-pass-2', emailAccess: '', recoveryCodes: '', notes: '' };
const NOTICE = 'The seller corrected the credentials on the order page. The time to check the account is unchanged.';

const userOf = (id: string) =>
  ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow() as Promise<AuthUser>;
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'done',
    (e: Error) => e.message,
  );

async function delivered() {
  const deal = await arrangeDeal(ctx);
  const id = await orderUpTo(ctx, deal, 'delivered');
  return { deal, id, buyer: await userOf(deal.buyer.id), seller: await userOf(deal.seller.id) };
}

/** What is stored now, the corrections recorded, and the chat notices: they must agree with what the buyer saw. */
async function state(deal: Deal, id: string) {
  const row = await ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const stored = ordersContext(ctx.deps).cipher.open(row.credentialsCipher!, id);
  const history = await ctx.db
    .selectFrom('orderHistory')
    .select('event')
    .where('orderId', '=', id)
    .where('event', '=', 'credentials_corrected')
    .execute();
  const notices = (await listingChat(ctx, deal.listing.id, deal.buyer.id)).filter((b) => b === NOTICE);
  return {
    password: stored.password,
    corrections: row.credentialsCorrections,
    entries: history.length,
    notices: notices.length,
    revealed: row.credentialsRevealedAt !== null,
  };
}

describe('the buyer revealing while the seller corrects the credentials', () => {
  it('a correction that found them unrevealed is refused once the buyer revealed them; nothing changes', async () => {
    const { deal, id, buyer, seller } = await delivered();
    let seen: { password: string } | undefined;
    // The correction has read the order and found it unrevealed; the buyer reveals on another connection now.
    interleave.arm('orders', async () => {
      seen = await revealCredentials(ordersContext(secondDeps), buyer, id, false);
    });
    expect(await outcome(correctCredentials(ordersContext(ctx.deps), seller, id, FIXED))).toBe(M.correctionRevealed);
    expect(seen?.password).toBe(ORIGINAL);
    expect(await state(deal, id)).toEqual({
      password: ORIGINAL,
      corrections: 0,
      entries: 0,
      notices: 0,
      revealed: true,
    });
  });

  it('a reveal that read the order before a correction landed shows the corrected credentials', async () => {
    const { deal, id, buyer, seller } = await delivered();
    // The reveal has read the order (and its old credentials); the seller corrects them on another connection now.
    interleave.arm('orders', () => correctCredentials(ordersContext(secondDeps), seller, id, FIXED));
    const seen = await revealCredentials(ordersContext(ctx.deps), buyer, id, false);
    expect(seen).toEqual(FIXED);
    expect(await state(deal, id)).toEqual({
      password: FIXED.password,
      corrections: 1,
      entries: 1,
      notices: 1,
      revealed: true,
    });
    const again = await call(ctx, deal.seller, 'POST', `/api/orders/${id}/credentials`, { credentials: FIXED });
    expect(again).toMatchObject({ status: 409, body: { error: { message: M.correctionRevealed } } });
  });

  it.runIf(pg)('a reveal made while a correction is being written waits for it and shows the new ones', async () => {
    const { deal, id, buyer, seller } = await delivered();
    let revealing: Promise<{ password: string }> | undefined;
    // The correction has written the order but not committed; the buyer reveals on another connection meanwhile.
    interleave.arm('order_history', async () => {
      revealing = revealCredentials(ordersContext(secondDeps), buyer, id, false);
      await untilLockWaitOr(ctx.db, revealing);
    });
    await correctCredentials(ordersContext(ctx.deps), seller, id, FIXED);
    expect((await revealing)?.password).toBe(FIXED.password);
    expect(await state(deal, id)).toMatchObject({ password: FIXED.password, corrections: 1, revealed: true });
  });

  it('two processes, correcting and revealing at once, agree on what the buyer saw', async () => {
    const peer = await createPeerApp(ctx);
    try {
      for (const correctFirst of [true, false]) {
        const { deal, id } = await delivered();
        const fix = () =>
          peer.app.inject({
            method: 'POST',
            url: `/api/orders/${id}/credentials`,
            headers: deal.seller.session.headers,
            payload: { credentials: FIXED },
          });
        const show = () =>
          ctx.app.inject({
            method: 'POST',
            url: `/api/orders/${id}/credentials/reveal`,
            headers: deal.buyer.session.headers,
            payload: {},
          });
        const [corrected, revealed] = correctFirst
          ? await asTwoProcesses([fix, show])
          : await asTwoProcesses([show, fix]).then(([r, c]) => [c!, r!]);
        expect(revealed!.statusCode).toBe(200);
        const seen = revealed!.json<{ password: string }>().password;
        const now = await state(deal, id);
        // Whatever the order: the buyer saw what is stored, and a correction is recorded once or not at all.
        expect(seen).toBe(now.password);
        if (corrected!.statusCode === 200) {
          expect(now).toEqual({ password: FIXED.password, corrections: 1, entries: 1, notices: 1, revealed: true });
        } else {
          expect(corrected!.statusCode).toBe(409);
          expect(corrected!.json<{ error: { message: string } }>().error.message).toBe(M.correctionRevealed);
          expect(now).toEqual({ password: ORIGINAL, corrections: 0, entries: 0, notices: 0, revealed: true });
        }
        if (!pg) expect(corrected!.statusCode).toBe(correctFirst ? 200 : 409);
      }
    } finally {
      await peer.close();
    }
  });
});
