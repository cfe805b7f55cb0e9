import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { TestContext } from '../../test/test-app';
import { availableAccount, balanceOf } from '../../lib/ledger';
import { partyWithSession, useOrdersTestApp, type Party } from './orders-test-helpers';

/** An admin's balance credit is recorded once per request, however often it arrives (a retry after a lost answer). */
let ctx: TestContext;
let admin: Party;
useOrdersTestApp((c, a) => {
  [ctx, admin] = [c, a];
});

const newRequestId = () => randomBytes(16).toString('hex');
const credit = (userId: string, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/users/${userId}/balance-credits`,
    headers: admin.session.headers,
    payload,
  });
const creditsOf = (userId: string) =>
  ctx.db.selectFrom('ledgerEntries').select('amountCents').where('accountId', '=', availableAccount(userId)).execute();
const auditsOf = (userId: string) =>
  ctx.db
    .selectFrom('auditLog')
    .select('id')
    .where('action', '=', 'balance.credit')
    .where('targetId', '=', userId)
    .execute();

describe('a balance credit sent again with its request id', () => {
  it('is recorded once: the same answer, one ledger line, one audit entry, one mail', async () => {
    const member = await partyWithSession(ctx, 'seller');
    const body = { amountCents: 5_000, reason: 'Bank transfer ref 987', requestId: newRequestId() };
    const first = await credit(member.id, body);
    const again = await credit(member.id, body);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json()).toEqual(first.json());
    expect(first.json().availableCents).toBe(5_000);
    expect(await creditsOf(member.id)).toEqual([{ amountCents: 5_000 }]);
    expect(await auditsOf(member.id)).toHaveLength(1);
    expect(await ctx.mailsTo(member.email)).toHaveLength(1);
  });

  it('arriving many times at once is still recorded once', async () => {
    const member = await partyWithSession(ctx, 'buyer');
    const body = { amountCents: 1_234, reason: 'Bank transfer ref 555', requestId: newRequestId() };
    const answers = await Promise.all(Array.from({ length: 6 }, () => credit(member.id, body)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await balanceOf(ctx.db, availableAccount(member.id))).toBe(1_234);
    expect(await auditsOf(member.id)).toHaveLength(1);
  });

  it('with other details is refused with 409 and changes nothing', async () => {
    const member = await partyWithSession(ctx, 'seller');
    const requestId = newRequestId();
    expect((await credit(member.id, { amountCents: 700, reason: 'Bank transfer A', requestId })).statusCode).toBe(200);
    const other = await credit(member.id, { amountCents: 7_000, reason: 'Bank transfer A', requestId });
    expect([other.statusCode, other.json().error?.message]).toEqual([
      409,
      'This credit was already recorded with other details. Reload the balance to see it before you record another.',
    ]);
    const elsewhere = await partyWithSession(ctx, 'seller');
    const sameIdOtherMember = await credit(elsewhere.id, { amountCents: 700, reason: 'Bank transfer A', requestId });
    expect(sameIdOtherMember.statusCode).toBe(409);
    expect(await balanceOf(ctx.db, availableAccount(member.id))).toBe(700);
    expect(await balanceOf(ctx.db, availableAccount(elsewhere.id))).toBe(0);
  });

  it('a refused credit keeps its request id free, so the corrected retry goes through', async () => {
    const member = await partyWithSession(ctx, 'seller');
    const requestId = newRequestId();
    const refused = await credit(member.id, { amountCents: -500, reason: 'Correction', requestId });
    expect(refused.json().error?.message).toBe('This correction would make the balance negative.');
    expect((await credit(member.id, { amountCents: 500, reason: 'Correction', requestId })).statusCode).toBe(200);
    expect(await balanceOf(ctx.db, availableAccount(member.id))).toBe(500);
  });

  it('is required, so no credit is recorded without one', async () => {
    const member = await partyWithSession(ctx, 'seller');
    for (const requestId of [undefined, '', 'short', 'x'.repeat(65), 'has spaces in it']) {
      const res = await credit(member.id, { amountCents: 100, reason: 'Bank transfer', requestId });
      expect([res.statusCode, res.json().error?.fields?.requestId]).toEqual([
        400,
        'Send the credit from the admin page again: its request id is missing or malformed.',
      ]);
    }
    expect(await balanceOf(ctx.db, availableAccount(member.id))).toBe(0);
  });
});
