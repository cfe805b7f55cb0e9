import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createTestApp, signInAs, userWithSession, type TestContext } from '../../test/test-app';
import { memberWithTwoFactor, nextCode } from '../../test/two-factor-helpers';
import { eraseDueAccounts } from '../admin/account-erasure.service';
import {
  TEST_IBAN,
  call,
  fund,
  markPaid,
  putPayoutDetails,
  withPayoutDetails,
  type Party,
  partyWithSession,
} from './orders-test-helpers';

/** Where payouts go (decision 173): sealed details, a summary, a hold after each change, and a copy on each payout. */
let ctx: TestContext;
let admin: Party;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://market.example' });
  admin = await partyWithSession(ctx, 'admin');
});
afterAll(() => ctx.close());

const HOUR = 60 * 60 * 1000;
const ROUTE = '/api/wallet/payout-method';
const iban = { kind: 'iban', holder: 'Sam Seller', iban: TEST_IBAN };
const usBank = { kind: 'us_bank', holder: 'Sam Seller', routingNumber: '021000021', accountNumber: '000123456789' };

async function seller() {
  const s = await userWithSession(ctx, 'seller', { displayName: 'Sam Seller' });
  return { id: s.user.id, session: s.session, email: s.user.email };
}
const put = (who: Party, body: Record<string, unknown>) => putPayoutDetails(ctx, who, body);

describe('payout details', () => {
  it('are kept sealed, shown as a summary, and mailed to the owner at each change', async () => {
    const s = await seller();
    expect((await call(ctx, s, 'GET', ROUTE)).body).toEqual({ method: null });
    const saved = await put(s, { details: iban });
    expect(saved.status).toBe(200);
    const now = ctx.clock.now();
    const shown = { kind: 'iban', summary: 'IBAN DE… ending 3000', changedAt: now, payoutsFrom: now + 48 * HOUR };
    expect(saved.body).toEqual({ method: shown });
    expect((await call(ctx, s, 'GET', ROUTE)).body).toEqual({ method: shown });
    const row = await ctx.db.selectFrom('payoutMethods').selectAll().where('userId', '=', s.id).executeTakeFirst();
    expect(row?.details).not.toContain('37040044');
    expect(row?.details).not.toContain('Sam Seller');
    const mail = await ctx.lastMail(s.email);
    expect(mail?.subject).toBe('Your Accountry payout details were changed');
    expect(mail?.text).toContain('Payouts from your Accountry balance now go to: IBAN DE… ending 3000.');
    expect(mail?.text).toContain('For your safety, payouts can be requested 48 hours after a change.');

    const paypal = await put(s, { details: { kind: 'paypal', email: 'Sam.Seller@Example.com' } });
    expect(paypal.body).toMatchObject({ method: { kind: 'paypal', summary: 'PayPal s•••@e•••.com' } });
    const bank = await put(s, { details: usBank });
    expect(bank.body).toMatchObject({ method: { kind: 'us_bank', summary: 'US bank account ending 6789' } });
    expect((await ctx.mailsTo(s.email)).filter((m) => m.subject.includes('payout details')).length).toBe(3);
  });

  it('refuse wrong numbers, a wrong password and, with two-factor sign-in on, a missing code, changing nothing', async () => {
    const s = await seller();
    const refusals: Array<[Record<string, unknown>, Record<string, string>]> = [
      [
        { ...iban, iban: 'DE89 3704 0044 0532 0130 01' },
        { 'details.iban': 'Enter a valid IBAN, such as DE89 3704 0044 0532 0130 00.' },
      ],
      [{ ...usBank, routingNumber: '021000022' }, { 'details.routingNumber': 'Enter a valid 9-digit routing number.' }],
      [{ ...usBank, accountNumber: '12' }, { 'details.accountNumber': 'Enter the account number: 4 to 17 digits.' }],
      [
        { ...iban, holder: ' ' },
        { 'details.holder': "Enter the account holder's name, 2 to 100 characters, as the bank has it." },
      ],
    ];
    for (const [details, fields] of refusals) {
      const res = await put(s, { details });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ fields });
    }
    const unknownKind = await put(s, { details: { kind: 'cash', address: 'x' } });
    expect(unknownKind.status).toBe(400);
    const wrong = await put(s, { details: iban, password: 'Not-The-Password-1' });
    expect(wrong.body.error).toMatchObject({ fields: { password: 'Your current password is incorrect.' } });
    expect((await call(ctx, s, 'GET', ROUTE)).body).toEqual({ method: null });

    const m = await memberWithTwoFactor(ctx, 'seller');
    const member = { id: m.user.id, session: m.session };
    const none = await put(member, { details: iban });
    expect(none.body.error).toMatchObject({ fields: { code: 'Enter the 6-digit code from your authenticator app.' } });
    expect((await call(ctx, member, 'GET', ROUTE)).body).toEqual({ method: null });
    expect((await put(member, { details: iban, code: nextCode(ctx, m.key) })).status).toBe(200);
  });

  it('are needed for a payout, which waits 48 hours after a change and keeps the details it was asked with', async () => {
    const s = await seller();
    await fund(ctx, s.id, 30_000);
    const missing = await call(ctx, s, 'POST', '/api/wallet/payouts', { amountCents: 10_000 });
    expect(missing).toMatchObject({
      status: 409,
      body: { error: { message: 'Add your payout details first, so we know where to send the money.' } },
    });
    await put(s, { details: iban });
    ctx.clock.advance(47 * HOUR);
    const held = await call(ctx, s, 'POST', '/api/wallet/payouts', { amountCents: 10_000 });
    expect(held.status).toBe(409);
    expect(held.body.error?.message).toBe(
      'For your safety, payouts wait 48 hours after your payout details, email address or password change.',
    );
    expect((await call(ctx, s, 'GET', '/api/wallet')).body).toMatchObject({ availableCents: 30_000 });
    expect((await call(ctx, s, 'GET', '/api/wallet/payouts')).body).toEqual({ items: [], nextCursor: null });
    ctx.clock.advance(HOUR);
    const asked = await call(ctx, s, 'POST', '/api/wallet/payouts', { amountCents: 10_000 });
    expect(asked.status).toBe(201);
    const mine = asked.body;
    expect(mine).toMatchObject({ destination: 'IBAN DE… ending 3000' });
    expect(mine).not.toHaveProperty('detailsKept');
    expect(mine).not.toHaveProperty('sealedDestination');

    // A change afterwards (the owner's or not) does not redirect the open payout, and holds the next one.
    await put(s, { details: usBank });
    const admins = await call(ctx, admin, 'GET', '/api/admin/payouts?status=open');
    const open = (admins.body.items as Array<Record<string, unknown>>).find((p) => p.userId === s.id);
    expect(open).toMatchObject({ destination: 'IBAN DE… ending 3000', detailsKept: true });
    const shown = await call(ctx, admin, 'POST', `/api/admin/payouts/${String(open?.id)}/destination`);
    expect(shown.body).toEqual({
      lines: [
        { label: 'Method', value: 'Bank account with an IBAN' },
        { label: 'Account holder', value: 'Sam Seller' },
        { label: 'IBAN', value: 'DE89 3704 0044 0532 0130 00' },
      ],
    });
    expect((await call(ctx, s, 'POST', '/api/wallet/payouts', { amountCents: 10_000 })).status).toBe(409);
  });

  it('are erased with the account, from its payouts too, which keep only the method', async () => {
    const s = await seller();
    await fund(ctx, s.id, 10_000);
    await withPayoutDetails(ctx, s);
    expect((await call(ctx, s, 'POST', '/api/wallet/payouts', { amountCents: 10_000 })).status).toBe(201);
    const payout = await ctx.db.selectFrom('payouts').select('id').where('userId', '=', s.id).executeTakeFirstOrThrow();
    await markPaid(ctx, admin, payout.id);
    const payload = { password: TEST_PASSWORD };
    const deleted = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/delete',
      headers: s.session.headers,
      payload,
    });
    expect(deleted.statusCode).toBe(204);
    ctx.clock.advance(31 * 24 * HOUR);
    await eraseDueAccounts(ctx.deps);
    expect(await ctx.db.selectFrom('payoutMethods').select('userId').where('userId', '=', s.id).execute()).toEqual([]);
    const kept = await ctx.db
      .selectFrom('payouts')
      .select(['destination', 'destinationSummary'])
      .where('id', '=', payout.id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ destination: null, destinationSummary: 'IBAN' });
    const paid = await call(ctx, admin, 'GET', '/api/admin/payouts?status=paid');
    const row = (paid.body.items as Array<Record<string, unknown>>).find((p) => p.id === payout.id);
    expect(row).toMatchObject({ destination: 'IBAN', detailsKept: false });
  });
});

describe('payout details against a stolen session', () => {
  it('are changed at most 10 times in 10 minutes from one address, as every password confirmation', async () => {
    const s = await seller();
    const payload = { details: iban, password: TEST_PASSWORD };
    const headers = s.session.headers;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await ctx.app.inject({ method: 'PUT', url: ROUTE, headers, payload, remoteAddress: '10.77.0.1' });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });

  it('wait 48 hours after the email address or the password changes too, so the owner hears of it in time', async () => {
    const s = await seller();
    await fund(ctx, s.id, 30_000);
    await withPayoutDetails(ctx, s);
    const moved = `moved.${s.id.slice(0, 8).toLowerCase()}@example.test`;
    expect((await call(ctx, s, 'POST', '/api/profile/email', { email: moved, password: TEST_PASSWORD })).status).toBe(
      200,
    );
    const link = (await ctx.lastMail(moved))?.text ?? '';
    const token = /confirm-email\?token=([\w-]+)/.exec(link)?.[1];
    expect((await call(ctx, null, 'POST', '/api/auth/confirm-email-change', { token })).status).toBe(200);
    const changedAt = ctx.clock.now();
    expect((await call(ctx, s, 'GET', ROUTE)).body).toMatchObject({ method: { payoutsFrom: changedAt + 48 * HOUR } });
    const held = await call(ctx, s, 'POST', '/api/wallet/payouts', { amountCents: 10_000 });
    expect(held.body.error?.message).toBe(
      'For your safety, payouts wait 48 hours after your payout details, email address or password change.',
    );
    ctx.clock.advance(48 * HOUR);
    const payload = { currentPassword: TEST_PASSWORD, newPassword: 'Tangerine-Comet-58' };
    const { headers } = await signInAs(ctx, s.id);
    const changed = await ctx.app.inject({ method: 'POST', url: '/api/profile/password', headers, payload });
    expect(changed.statusCode).toBe(204);
    expect((await call(ctx, s, 'POST', '/api/wallet/payouts', { amountCents: 10_000 })).status).toBe(409);
    ctx.clock.advance(48 * HOUR);
    expect((await call(ctx, s, 'POST', '/api/wallet/payouts', { amountCents: 10_000 })).status).toBe(201);
  });

  it('show no whole address or short number, and only the method once erased; refuse invisible names', async () => {
    const s = await seller();
    const paypal = await put(s, { details: { kind: 'paypal', email: 'john@johnsmith-family.com' } });
    expect(paypal.body).toMatchObject({ method: { summary: 'PayPal j•••@j•••.com' } });
    const short = await put(s, { details: { ...usBank, accountNumber: '1234' } });
    expect(short.body).toMatchObject({ method: { summary: 'US bank account ending 34' } });
    for (const holder of ['\u200b\u200b', '\u202Eevil\u202C', 'A\u00ad', '12']) {
      const res = await put(s, { details: { ...iban, holder } });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        fields: { 'details.holder': "Enter the account holder's name, 2 to 100 characters, as the bank has it." },
      });
    }
  });
});
