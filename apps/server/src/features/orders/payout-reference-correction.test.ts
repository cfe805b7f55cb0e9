import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, type TestContext } from '../../test/test-app';
import { mailTo } from '../../test/two-factor-helpers';
import {
  call,
  fund,
  markPaid,
  type Party,
  partyWithSession,
  sellerWithOpenPayout,
  useOrdersTestApp,
  withPayoutDetails,
} from './orders-test-helpers';

/** An admin corrects the transfer reference recorded on a paid payout (decision 188). */
let ctx: TestContext;
let admin: Party;
useOrdersTestApp((c, a) => {
  [ctx, admin] = [c, a];
});

const CHANGED =
  'The transfer reference was corrected by someone else in the meantime. Reload the page to see it, then correct it again if needed.';

const correct = (who: Party, id: string, body: Record<string, unknown>) =>
  call(ctx, who, 'POST', `/api/admin/payouts/${id}/reference`, body);
const stored = (id: string) =>
  ctx.db.selectFrom('payouts').select(['status', 'reference']).where('id', '=', id).executeTakeFirstOrThrow();
const corrections = (id: string) =>
  ctx.db
    .selectFrom('auditLog')
    .select(['actorId', 'action', 'targetType', 'targetId', 'details'])
    .where('action', '=', 'payout.reference_correct')
    .where('details', 'like', `%${id}%`)
    .execute();
const payoutIn = (items: unknown, id: string) => (items as Array<Record<string, unknown>>).find((p) => p.id === id);
const correctionMails = async (email: string) =>
  (await ctx.mailsTo(email)).filter((m) => m.subject.includes('transfer reference'));

/** A seller's payout an admin marked paid with `reference`. */
async function paidPayout(reference = 'SEPA-2026-O417', amountCents = 12_345) {
  const open = await sellerWithOpenPayout(ctx, amountCents);
  expect((await markPaid(ctx, admin, open.id, reference)).status).toBe(200);
  return open;
}

describe('correcting the transfer reference of a paid payout', () => {
  it('refuses a reference the mark-paid form would refuse, with the same messages; nothing changes', async () => {
    const { id, email } = await paidPayout('TRF-1');
    const refusals: Array<[unknown, string]> = [
      [undefined, 'Enter the transfer reference, up to 100 characters.'],
      ['   ', 'Enter the transfer reference, up to 100 characters.'],
      ['R'.repeat(101), 'A transfer reference holds at most 100 characters.'],
      [
        'TRF\t2',
        'Use one line of printable characters for the transfer reference: no tabs or other control characters.',
      ],
      [
        'TRF\u200b2',
        'Use one line of printable characters for the transfer reference: no tabs or other control characters.',
      ],
    ];
    for (const [reference, message] of refusals) {
      const res = await correct(admin, id, { reference, previousReference: 'TRF-1' });
      expect([res.status, res.body.error?.message], JSON.stringify(reference)).toEqual([400, message]);
      expect((res.body.error as { fields?: unknown }).fields).toEqual({ reference: message });
    }
    // The reference it corrects must be named: a correction is conditioned on it.
    const unnamed = await correct(admin, id, { reference: 'TRF-2' });
    expect([unnamed.status, unnamed.body.error?.message]).toEqual([
      400,
      'Say which transfer reference you are correcting.',
    ]);
    // The same text is no correction.
    const same = await correct(admin, id, { reference: ' TRF-1 ', previousReference: 'TRF-1' });
    expect([same.status, same.body.error?.message]).toEqual([
      400,
      'That is the transfer reference already recorded. Change it to correct it.',
    ]);
    expect(await stored(id)).toEqual({ status: 'paid', reference: 'TRF-1' });
    expect(await corrections(id)).toEqual([]);
    expect(await correctionMails(email)).toEqual([]);
  });

  it('records the trimmed reference, shown wherever the reference is, audited with both, and mailed', async () => {
    const { seller, email, id } = await paidPayout('SEPA-2026-O417');
    const res = await correct(admin, id, { reference: '  SEPA-2026-0417 ', previousReference: 'SEPA-2026-O417' });
    expect([res.status, res.body]).toEqual([200, { ok: true }]);
    expect(await stored(id)).toEqual({ status: 'paid', reference: 'SEPA-2026-0417' });

    // The admins' payouts, the seller's own list of payouts, and the seller's data export.
    const list = await call(ctx, admin, 'GET', '/api/admin/payouts?status=paid');
    expect(payoutIn(list.body.items, id)).toMatchObject({ reference: 'SEPA-2026-0417' });
    const own = await call(ctx, seller, 'GET', '/api/wallet/payouts');
    expect(payoutIn(own.body.items, id)).toMatchObject({ reference: 'SEPA-2026-0417' });
    const exported = await call(ctx, seller, 'POST', '/api/profile/data-export', { password: TEST_PASSWORD });
    expect(exported.status).toBe(200);
    const file = exported.body as { wallet: { payouts: Array<Record<string, unknown>> } };
    expect(file.wallet.payouts).toEqual([expect.objectContaining({ id, transferReference: 'SEPA-2026-0417' })]);

    const audit = await corrections(id);
    expect(audit.map((a) => ({ ...a, details: JSON.parse(a.details) }))).toEqual([
      {
        actorId: admin.id,
        action: 'payout.reference_correct',
        targetType: 'user',
        targetId: seller.id,
        details: {
          payoutId: id,
          amountCents: 12_345,
          previousReference: 'SEPA-2026-O417',
          reference: 'SEPA-2026-0417',
        },
      },
    ]);

    // The seller was mailed the wrong reference to look for: they are mailed the right one.
    const mail = await mailTo(ctx, email, 'The transfer reference of your $123.45 payout was corrected');
    expect(mail?.text).toBe(
      [
        'Your payout has a corrected transfer reference',
        '',
        'The transfer reference we gave you for the $123.45 we sent you was wrong: it was SEPA-2026-O417.',
        'Transfer reference: SEPA-2026-0417',
        'Look for this reference to find the payment in your bank or PayPal account.',
        '',
        `Open your wallet: ${ctx.deps.config.publicUrl}/wallet`,
        '',
        'You get this email because you asked for a payout on Accountry.',
      ].join('\n'),
    );
    expect(mail?.html).toContain('<p>Transfer reference: SEPA-2026-0417</p>');
  });

  it('may change only the letter case, and be corrected again from what it now is', async () => {
    const { id } = await paidPayout('trf-9');
    expect((await correct(admin, id, { reference: 'TRF-9', previousReference: 'trf-9' })).status).toBe(200);
    expect((await correct(admin, id, { reference: 'TRF-10', previousReference: 'TRF-9' })).status).toBe(200);
    expect(await stored(id)).toEqual({ status: 'paid', reference: 'TRF-10' });
    expect(await corrections(id)).toHaveLength(2);
  });

  it('is refused with 409 when the reference was corrected meanwhile, keeping what the other admin wrote', async () => {
    const { id, email } = await paidPayout('REF-OLD');
    const other = await partyWithSession(ctx, 'admin');
    expect((await correct(other, id, { reference: 'REF-NEW', previousReference: 'REF-OLD' })).status).toBe(200);
    // This admin still saw the old reference.
    const late = await correct(admin, id, { reference: 'REF-MINE', previousReference: 'REF-OLD' });
    expect([late.status, late.body.error?.message]).toEqual([409, CHANGED]);
    expect(await stored(id)).toEqual({ status: 'paid', reference: 'REF-NEW' });
    expect(await corrections(id)).toHaveLength(1);
    expect(await correctionMails(email)).toHaveLength(1);
  });

  it('lets one of two admins correcting it at once win; the other gets 409', async () => {
    const { id } = await paidPayout('REF-0');
    const other = await partyWithSession(ctx, 'admin');
    const results = await Promise.all([
      correct(admin, id, { reference: 'REF-A', previousReference: 'REF-0' }),
      correct(other, id, { reference: 'REF-B', previousReference: 'REF-0' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.body.error?.message).toBe(CHANGED);
    const winner = results[0]!.status === 200 ? 'REF-A' : 'REF-B';
    expect(await stored(id)).toEqual({ status: 'paid', reference: winner });
    expect(await corrections(id)).toHaveLength(1);
  });

  it('is refused for a payout not paid or paid without a reference, one not found, and to members', async () => {
    const open = await sellerWithOpenPayout(ctx, 5_000);
    const notPaid = await correct(admin, open.id, { reference: 'REF-1', previousReference: 'REF-0' });
    expect([notPaid.status, notPaid.body.error?.message]).toEqual([
      409,
      'Only a transfer reference recorded when a payout was marked paid can be corrected.',
    ]);
    expect(await stored(open.id)).toEqual({ status: 'open', reference: '' });
    const rejected = await sellerWithOpenPayout(ctx, 5_000);
    const reason = 'The IBAN belongs to someone else.';
    expect((await call(ctx, admin, 'POST', `/api/admin/payouts/${rejected.id}/reject`, { reason })).status).toBe(200);
    expect((await correct(admin, rejected.id, { reference: 'REF-1', previousReference: '' })).status).toBe(400);
    const late = await correct(admin, rejected.id, { reference: 'REF-1', previousReference: 'X' });
    expect([late.status, late.body.error?.message]).toEqual([409, notPaid.body.error?.message]);

    // Paid before references were recorded: there is none to correct.
    const before = await paidPayout('REF-EARLY');
    await ctx.db.updateTable('payouts').set({ reference: '', referenceKey: '' }).where('id', '=', before.id).execute();
    const none = await correct(admin, before.id, { reference: 'REF-1', previousReference: 'REF-EARLY' });
    expect([none.status, none.body.error?.message]).toEqual([409, notPaid.body.error?.message]);
    expect(await stored(before.id)).toEqual({ status: 'paid', reference: '' });

    const missing = await correct(admin, 'no-such-payout', { reference: 'REF-1', previousReference: 'REF-0' });
    expect([missing.status, missing.body.error?.message]).toEqual([404, 'Payout not found']);

    const paid = await paidPayout('REF-M');
    const member = await correct(paid.seller, paid.id, { reference: 'REF-N', previousReference: 'REF-M' });
    expect(member.status).toBe(403);
    expect(await stored(paid.id)).toEqual({ status: 'paid', reference: 'REF-M' });
  });

  it("is refused to an admin who is the payout's own seller; another admin can", async () => {
    const owner = await partyWithSession(ctx, 'admin');
    await fund(ctx, owner.id, 10_000);
    await withPayoutDetails(ctx, owner);
    const asked = await call(ctx, owner, 'POST', '/api/wallet/payouts', { amountCents: 4_000 });
    const id = asked.body.id as string;
    expect((await markPaid(ctx, admin, id, 'OWN-1')).status).toBe(200);

    const own = await correct(owner, id, { reference: 'OWN-2', previousReference: 'OWN-1' });
    expect([own.status, own.body.error?.message]).toEqual([
      403,
      'You cannot correct the transfer reference of your own payout. Another admin has to.',
    ]);
    expect(await stored(id)).toEqual({ status: 'paid', reference: 'OWN-1' });
    expect(await corrections(id)).toEqual([]);
    expect((await correct(admin, id, { reference: 'OWN-2', previousReference: 'OWN-1' })).status).toBe(200);
  });
});
