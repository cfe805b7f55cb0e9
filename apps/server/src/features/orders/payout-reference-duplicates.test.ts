import { describe, expect, it } from 'vitest';
import { heldAccount } from '../../lib/ledger';
import { type TestContext } from '../../test/test-app';
import {
  balance,
  call,
  markPaid,
  type Party,
  partyWithSession,
  sellerWithOpenPayout,
  useOrdersTestApp,
} from './orders-test-helpers';

/**
 * A transfer reference already recorded on another payout is answered with a warning the admin confirms past
 * (decision 188): compared trimmed and regardless of letter case, when marking paid and when correcting.
 */
let ctx: TestContext;
let admin: Party;
useOrdersTestApp((c, a) => {
  [ctx, admin] = [c, a];
});

const used = (amount: string, name: string) =>
  `This transfer reference is already recorded on another payout (${amount} to ${name}). Check that it is right before recording it again.`;

const stored = (id: string) =>
  ctx.db.selectFrom('payouts').select(['status', 'reference']).where('id', '=', id).executeTakeFirstOrThrow();
const audited = async (action: string, id: string) =>
  (
    await ctx.db
      .selectFrom('auditLog')
      .select('details')
      .where('action', '=', action)
      .where('details', 'like', `%${id}%`)
      .execute()
  ).map((a) => JSON.parse(a.details) as Record<string, unknown>);
const nameOf = async (id: string) =>
  (await ctx.db.selectFrom('users').select('displayName').where('id', '=', id).executeTakeFirstOrThrow()).displayName;

/** A payout of $50.00 marked paid with `reference`, and its seller's name as the warning gives it. */
async function paidWith(reference: string) {
  const { seller, id } = await sellerWithOpenPayout(ctx, 5_000);
  expect((await markPaid(ctx, admin, id, reference)).status).toBe(200);
  return { id, name: await nameOf(seller.id) };
}

describe('a transfer reference already recorded on another payout', () => {
  it('is a 409 when marking paid, found whatever its case and spaces; nothing changes until confirmed', async () => {
    const first = await paidWith('TRF-DUP-1');
    const { seller, email, id } = await sellerWithOpenPayout(ctx, 7_000);
    const res = await markPaid(ctx, admin, id, '  trf-dup-1 ');
    const message = used('$50.00', first.name);
    expect([res.status, res.body.error]).toEqual([
      409,
      { code: 'PAYOUT_REFERENCE_USED', message, fields: { reference: message } },
    ]);
    expect(await stored(id)).toEqual({ status: 'open', reference: '' });
    expect(await balance(ctx, heldAccount(seller.id))).toBe(7_000);
    expect(await audited('payout.paid', id)).toEqual([]);
    expect(await ctx.mailsTo(email)).not.toContainEqual(
      expect.objectContaining({ subject: expect.stringMatching(/sent/) }),
    );

    // Confirmed: recorded as typed (trimmed), and the audit entry says the admin confirmed it.
    const confirmed = await call(ctx, admin, 'POST', `/api/admin/payouts/${id}/paid`, {
      reference: '  trf-dup-1 ',
      allowDuplicateReference: true,
    });
    expect([confirmed.status, confirmed.body]).toEqual([200, { ok: true }]);
    expect(await stored(id)).toEqual({ status: 'paid', reference: 'trf-dup-1' });
    expect(await audited('payout.paid', id)).toEqual([
      { payoutId: id, amountCents: 7_000, reason: '', reference: 'trf-dup-1', duplicateReferenceConfirmed: true },
    ]);
    expect(await balance(ctx, heldAccount(seller.id))).toBe(0);
  });

  it('is no warning for a reference no other payout has, confirmed or not', async () => {
    await paidWith('TRF-UNIQUE-1');
    const { id } = await sellerWithOpenPayout(ctx, 5_000);
    const res = await call(ctx, admin, 'POST', `/api/admin/payouts/${id}/paid`, {
      reference: 'TRF-UNIQUE-2',
      allowDuplicateReference: true,
    });
    expect(res.status).toBe(200);
    expect(await audited('payout.paid', id)).toEqual([
      { payoutId: id, amountCents: 5_000, reason: '', reference: 'TRF-UNIQUE-2' },
    ]);
    // Nor is a payout's own reference, when a correction changes only its case.
    const fixed = await call(ctx, admin, 'POST', `/api/admin/payouts/${id}/reference`, {
      reference: 'trf-unique-2',
      previousReference: 'TRF-UNIQUE-2',
    });
    expect(fixed.status).toBe(200);
  });

  it('is a 409 when correcting to it, unless confirmed', async () => {
    const first = await paidWith('TRF-DUP-2');
    const second = await paidWith('TRF-OTHER');
    const body = { reference: 'Trf-Dup-2', previousReference: 'TRF-OTHER' };
    const res = await call(ctx, admin, 'POST', `/api/admin/payouts/${second.id}/reference`, body);
    const error = res.body.error as { code?: string; message: string } | undefined;
    expect([res.status, error?.code, error?.message]).toEqual([
      409,
      'PAYOUT_REFERENCE_USED',
      used('$50.00', first.name),
    ]);
    expect(await stored(second.id)).toEqual({ status: 'paid', reference: 'TRF-OTHER' });
    expect(await audited('payout.reference_correct', second.id)).toEqual([]);

    const path = `/api/admin/payouts/${second.id}/reference`;
    const confirmed = await call(ctx, admin, 'POST', path, { ...body, allowDuplicateReference: true });
    expect(confirmed.status).toBe(200);
    expect(await stored(second.id)).toEqual({ status: 'paid', reference: 'Trf-Dup-2' });
    expect(await audited('payout.reference_correct', second.id)).toEqual([
      {
        payoutId: second.id,
        amountCents: 5_000,
        previousReference: 'TRF-OTHER',
        reference: 'Trf-Dup-2',
        duplicateReferenceConfirmed: true,
      },
    ]);
  });

  it('refuses a confirmation that is not true or false', async () => {
    const { id } = await sellerWithOpenPayout(ctx, 5_000);
    const res = await call(ctx, admin, 'POST', `/api/admin/payouts/${id}/paid`, {
      reference: 'TRF-X',
      allowDuplicateReference: 'yes',
    });
    expect(res.status).toBe(400);
    expect(await stored(id)).toEqual({ status: 'open', reference: '' });
  });

  it('warns one of two admins recording it at once on two payouts', async () => {
    const a = await sellerWithOpenPayout(ctx, 5_000);
    const b = await sellerWithOpenPayout(ctx, 6_000);
    const other = await partyWithSession(ctx, 'admin');
    const results = await Promise.all([markPaid(ctx, admin, a.id, 'TRF-RACE'), markPaid(ctx, other, b.id, 'trf-race')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.status === 409)?.body.error as { code?: string } | undefined;
    expect(refused?.code).toBe('PAYOUT_REFERENCE_USED');
    const references = [(await stored(a.id)).reference, (await stored(b.id)).reference].sort();
    expect(references).toEqual(results[0]!.status === 200 ? ['', 'TRF-RACE'] : ['', 'trf-race']);
  });
});
