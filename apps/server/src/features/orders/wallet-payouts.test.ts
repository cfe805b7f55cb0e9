import { describe, expect, it } from 'vitest';
import { LISTING_MESSAGES } from '@accountry/shared/listing-messages';
import type { TestContext } from '../../test/test-app';
import { fund } from '../../test/order-fixtures';
import { encodeCursor } from '../../lib/keyset-cursor';
import {
  call,
  markPaid,
  partyWithSession,
  type Party,
  useOrdersTestApp,
  withPayoutDetails,
} from './orders-test-helpers';

/**
 * GET /api/wallet/payouts: the member's own payouts, newest first, a page of 25 at a time on the shared cursor; the
 * one list of them (the wallet carries balances only).
 */
let ctx: TestContext;
let admin: Party;
useOrdersTestApp((c, a) => {
  ctx = c;
  admin = a;
});

const HOUR = 60 * 60 * 1000;
interface Page {
  items: Array<Record<string, unknown> & { id: string; userId: string; amountCents: number; status: string }>;
  nextCursor: string | null;
}
const payouts = async (who: Party | null, cursor?: string) =>
  call(ctx, who, 'GET', `/api/wallet/payouts${cursor === undefined ? '' : `?cursor=${encodeURIComponent(cursor)}`}`);

/** A member with money and payout details. */
async function payee() {
  const member = await partyWithSession(ctx, 'seller');
  await fund(ctx, member.id, 100_000);
  await withPayoutDetails(ctx, member);
  return member;
}

/** Asks for a payout of `amountCents`, five hours after the last, so the daily limit never refuses one: its id. */
async function ask(who: Party, amountCents: number) {
  ctx.clock.advance(5 * HOUR);
  const asked = await call(ctx, who, 'POST', '/api/wallet/payouts', { amountCents });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  return asked.body.id as string;
}

describe("a member's payouts, a page at a time", () => {
  it("pages past 25 newest first, each once, and never shows another member's payouts", async () => {
    const member = await payee();
    const other = await payee();
    const mine: string[] = [];
    for (let i = 1; i <= 27; i++) {
      const id = await ask(member, 1_000 + i);
      mine.unshift(id);
      // Each is decided, so that the member's held balance stays small; one is paid, the rest canceled.
      if (i === 3) expect((await markPaid(ctx, admin, id, 'TRF-PAGE-3')).status).toBe(200);
      else expect((await call(ctx, member, 'POST', `/api/wallet/payouts/${id}/cancel`)).status).toBe(200);
      // The other member's payouts are interleaved in time with the member's.
      if (i % 9 === 0) await ask(other, 5_000);
    }
    const openId = await ask(member, 9_999);
    mine.unshift(openId);

    const first = await payouts(member);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const one = first.body as unknown as Page;
    expect(one.items).toHaveLength(25);
    expect(one.nextCursor).toEqual(expect.any(String));
    const second = await payouts(member, one.nextCursor!);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const two = second.body as unknown as Page;
    expect(two.nextCursor).toBeNull();

    const all = [...one.items, ...two.items];
    expect(all.map((p) => p.id)).toEqual(mine);
    expect(all.every((p) => p.userId === member.id)).toBe(true);
    // The newest is open, the third paid with its reference; the amounts come back in the order they were asked.
    expect(all[0]).toMatchObject({ status: 'open', amountCents: 9_999, reference: '' });
    expect(all.find((p) => p.status === 'paid')).toMatchObject({ amountCents: 1_003, reference: 'TRF-PAGE-3' });
    expect(all.slice(1).map((p) => p.amountCents)).toEqual(Array.from({ length: 27 }, (_, i) => 1_027 - i));
    // The member sees where each went by its summary: the sealed details, and whether they are kept, stay out.
    expect(all[0]!.destination).toMatch(/^IBAN/);
    expect(all.some((p) => 'detailsKept' in p || 'sealedDestination' in p)).toBe(false);

    // The other member's list is theirs alone.
    const theirs = (await payouts(other)).body as unknown as Page;
    expect(theirs.items.map((p) => p.userId)).toEqual([other.id, other.id, other.id]);
  });

  it("a cursor from another member's list pages only one's own payouts", async () => {
    const member = await payee();
    const other = await payee();
    const theirs = await ask(other, 7_000);
    const own = await ask(member, 3_000);
    // A position after the other member's newest payout still lists nothing of theirs.
    const far = encodeCursor(Number.MAX_SAFE_INTEGER, theirs);
    const page = (await payouts(member, far)).body as unknown as Page;
    expect(page.items.map((p) => p.id)).toEqual([own]);
  });

  it('is the one list of payouts: the wallet carries balances only, a request and a cancel reply with their payout', async () => {
    const member = await payee();
    ctx.clock.advance(5 * HOUR);
    const asked = await call(ctx, member, 'POST', '/api/wallet/payouts', { amountCents: 4_200 });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const [listed] = ((await payouts(member)).body as unknown as Page).items;
    expect(asked.body).toEqual({
      id: listed!.id,
      userId: member.id,
      userName: expect.any(String),
      amountCents: 4_200,
      status: 'open',
      reason: '',
      createdAt: ctx.clock.now(),
      decidedAt: null,
      destination: expect.stringMatching(/^IBAN/),
      reference: '',
      sending: false,
    });
    const wallet = await call(ctx, member, 'GET', '/api/wallet');
    expect(wallet.status).toBe(200);
    expect(Object.keys(wallet.body).sort()).toEqual([
      'availableCents',
      'chargebackHeldCents',
      'chargebackHolds',
      'heldCents',
      'inEscrowAsBuyerCents',
      'inEscrowAsSellerCents',
      'payableCents',
      'payoutMinimumCents',
      'paysFromBalance',
      'platformFeePercent',
    ]);
    expect(wallet.body).toMatchObject({ availableCents: 95_800, heldCents: 4_200, paysFromBalance: true });

    ctx.clock.advance(1_000);
    const canceled = await call(ctx, member, 'POST', `/api/wallet/payouts/${listed!.id}/cancel`);
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(canceled.body).toMatchObject({ id: listed!.id, status: 'canceled', decidedAt: ctx.clock.now() });
    expect(canceled.body).not.toHaveProperty('payouts');
  });

  it('is refused signed out, with a 401', async () => {
    const res = await payouts(null);
    expect(res.status).toBe(401);
  });

  it.each([
    ['not base64 JSON', 'bm90LWpzb24'],
    ['a fractional date', encodeCursor(1.5, 'x')],
    ['a date past a safe integer', Buffer.from('[1e20,"x"]').toString('base64url')],
    ['a control character in the id', encodeCursor(1, 'a\u0000b')],
  ])('refuses %s as a cursor with a 400 that says to start again', async (_, cursor) => {
    const member = await payee();
    const res = await payouts(member, cursor);
    expect([res.status, res.body.error?.message]).toEqual([
      400,
      'The page link has expired. Please start again from the first page.',
    ]);
    expect(LISTING_MESSAGES.cursor).toBe('The page link has expired. Please start again from the first page.');
  });
});
