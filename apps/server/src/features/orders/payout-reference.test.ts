import { describe, expect, it } from 'vitest';
import { availableAccount, heldAccount } from '../../lib/ledger';
import type { TestContext } from '../../test/test-app';
import { mailTo } from '../../test/two-factor-helpers';
import {
  balance,
  call,
  markPaid,
  type Party,
  partyWithSession,
  sellerWithOpenPayout,
  useOrdersTestApp,
} from './orders-test-helpers';

/** Marking a payout paid records the transfer's reference, shown to the admins and the member (decision 188). */
let ctx: TestContext;
let admin: Party;
useOrdersTestApp((c, a) => {
  [ctx, admin] = [c, a];
});

const REQUIRED = 'Enter the transfer reference, up to 100 characters.';
const LONG = 'A transfer reference holds at most 100 characters.';
const CHARS = 'Use one line of printable characters for the transfer reference: no tabs or other control characters.';

const openPayout = (amountCents = 12_345) => sellerWithOpenPayout(ctx, amountCents);

const stored = (id: string) =>
  ctx.db.selectFrom('payouts').select(['status', 'reference']).where('id', '=', id).executeTakeFirstOrThrow();
const audits = (id: string) =>
  ctx.db
    .selectFrom('auditLog')
    .select(['actorId', 'action', 'targetId', 'details'])
    .where('action', '=', 'payout.paid')
    .where('details', 'like', `%${id}%`)
    .execute();
const payoutIn = (items: unknown, id: string) => (items as Array<Record<string, unknown>>).find((p) => p.id === id);

describe('marking a payout paid with its transfer reference', () => {
  it('refuses a missing, blank or too long reference, and one with control characters; nothing changes', async () => {
    const { seller, id } = await openPayout();
    const refusals: Array<[unknown, string]> = [
      [undefined, REQUIRED],
      ['', REQUIRED],
      ['   ', REQUIRED],
      [42, REQUIRED],
      ['R'.repeat(101), LONG],
      [` ${'R'.repeat(101)} `, LONG],
      ['TRF\t2026', CHARS],
      ['TRF\n2026', CHARS],
      ['TRF\u001b[31m', CHARS],
      ['TRF\u007f2026', CHARS],
      // Format characters: a zero-width space, and a right-to-left override that would show the text reversed.
      ['TRF\u200b2026', CHARS],
      ['TRF\u202e6202', CHARS],
    ];
    for (const [reference, message] of refusals) {
      const res = await call(ctx, admin, 'POST', `/api/admin/payouts/${id}/paid`, { reference } as never);
      expect([res.status, res.body.error?.message], JSON.stringify(reference)).toEqual([400, message]);
      expect((res.body.error as { fields?: unknown }).fields).toEqual({ reference: message });
    }
    // NUL never reaches a route (PostgreSQL text cannot hold it): refused with the message of every route.
    const nul = await markPaid(ctx, admin, id, 'TRF\u00002026');
    expect([nul.status, nul.body.error?.message]).toEqual([400, 'Text must not contain NUL characters.']);

    expect(await stored(id)).toEqual({ status: 'open', reference: '' });
    expect(await balance(ctx, heldAccount(seller.id))).toBe(12_345);
    expect(await audits(id)).toEqual([]);
  });

  it('stores the trimmed reference, returns it to admins and the owner, and to no other member', async () => {
    const { seller, id } = await openPayout();
    const reference = `  ${'7'.repeat(98)}-X `;
    const res = await markPaid(ctx, admin, id, reference);
    expect([res.status, res.body]).toEqual([200, { ok: true }]);
    const trimmed = `${'7'.repeat(98)}-X`;
    expect(await stored(id)).toEqual({ status: 'paid', reference: trimmed });

    const list = await call(ctx, admin, 'GET', '/api/admin/payouts?status=paid');
    expect(payoutIn(list.body.items, id)).toMatchObject({ status: 'paid', reference: trimmed });
    const own = await call(ctx, seller, 'GET', '/api/wallet/payouts');
    expect(payoutIn(own.body.items, id)).toMatchObject({ status: 'paid', reference: trimmed });

    const other = await partyWithSession(ctx, 'seller');
    expect(JSON.stringify((await call(ctx, other, 'GET', '/api/wallet')).body)).not.toContain(trimmed);
    expect((await call(ctx, other, 'GET', '/api/admin/payouts?status=paid')).status).toBe(403);
    expect((await call(ctx, other, 'GET', `/api/admin/users/${seller.id}/wallet`)).status).toBe(403);
    expect(await balance(ctx, heldAccount(seller.id))).toBe(0);
  });

  it('is refused with 409 once the payout is no longer open, keeping what was recorded', async () => {
    const paid = await openPayout();
    expect((await markPaid(ctx, admin, paid.id, 'FIRST-REF')).status).toBe(200);
    const again = await markPaid(ctx, admin, paid.id, 'SECOND-REF');
    expect([again.status, again.body.error?.message]).toEqual([409, 'This payout has already been decided.']);
    expect(await stored(paid.id)).toEqual({ status: 'paid', reference: 'FIRST-REF' });
    expect(await audits(paid.id)).toHaveLength(1);

    const canceled = await openPayout();
    expect((await call(ctx, canceled.seller, 'POST', `/api/wallet/payouts/${canceled.id}/cancel`)).status).toBe(200);
    expect((await markPaid(ctx, admin, canceled.id, 'LATE-REF')).status).toBe(409);
    expect(await stored(canceled.id)).toEqual({ status: 'canceled', reference: '' });
    expect(await balance(ctx, availableAccount(canceled.seller.id))).toBe(20_000);

    const rejected = await openPayout();
    const reason = 'The IBAN belongs to someone else.';
    expect((await call(ctx, admin, 'POST', `/api/admin/payouts/${rejected.id}/reject`, { reason })).status).toBe(200);
    expect((await markPaid(ctx, admin, rejected.id, 'LATE-REF')).status).toBe(409);
    const list = await call(ctx, rejected.seller, 'GET', '/api/wallet/payouts');
    expect(payoutIn(list.body.items, rejected.id)).toMatchObject({ status: 'rejected', reason, reference: '' });
  });

  it('lets one of two admins marking it paid at once win; the other gets 409', async () => {
    const { id } = await openPayout();
    const other = await partyWithSession(ctx, 'admin');
    const results = await Promise.all([markPaid(ctx, admin, id, 'REF-A'), markPaid(ctx, other, id, 'REF-B')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results[0]!.status === 200 ? 'REF-A' : 'REF-B';
    expect(await stored(id)).toEqual({ status: 'paid', reference: winner });
    expect(await audits(id)).toHaveLength(1);
  });

  it('writes the reference to the audit log and mails it to the seller', async () => {
    const { seller, email, id } = await openPayout(12_345);
    expect((await markPaid(ctx, admin, id, 'PAYPAL 5TY05013RG002845M')).status).toBe(200);
    const audit = await audits(id);
    expect(audit.map((a) => ({ ...a, details: JSON.parse(a.details) }))).toEqual([
      {
        actorId: admin.id,
        action: 'payout.paid',
        targetId: seller.id,
        details: { payoutId: id, amountCents: 12_345, reason: '', reference: 'PAYPAL 5TY05013RG002845M' },
      },
    ]);
    const shown = await call(ctx, admin, 'GET', `/api/admin/audit?action=payout.paid&targetId=${seller.id}`);
    expect((shown.body.items as Array<{ details: unknown }>)[0]?.details).toMatchObject({
      reference: 'PAYPAL 5TY05013RG002845M',
    });

    const mail = await mailTo(ctx, email, 'Your payout of $123.45 was sent');
    expect(mail?.text).toBe(
      [
        'Your payout is on its way',
        '',
        'We sent $123.45 to you. Depending on your bank, it arrives within a few working days.',
        'Transfer reference: PAYPAL 5TY05013RG002845M',
        'Look for this reference to find the payment in your bank or PayPal account.',
        '',
        `Open your wallet: ${ctx.deps.config.publicUrl}/wallet`,
        '',
        'You get this email because you asked for a payout on Accountry.',
      ].join('\n'),
    );
    expect(mail?.html).toContain('<p>Transfer reference: PAYPAL 5TY05013RG002845M</p>');
  });

  it('escapes the reference in the mail', async () => {
    const { email, id } = await openPayout(5_000);
    expect((await markPaid(ctx, admin, id, 'REF <b>1</b> & "2"')).status).toBe(200);
    const mail = await mailTo(ctx, email, 'Your payout of $50.00 was sent');
    expect(mail?.text).toContain('\nTransfer reference: REF <b>1</b> & "2"\n');
    expect(mail?.html).toContain('Transfer reference: REF &lt;b&gt;1&lt;/b&gt; &amp; &quot;2&quot;');
  });
});
