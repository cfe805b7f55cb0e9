import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { arrangeDeal, call, expectLedgerHealthy, orderUpTo, partyWithSession, type Party } from './orders-test-helpers';

/** A statement in a dispute is mailed to the order's other party (and both, for an admin's), never to its author. */
let ctx: TestContext;
let admin: Awaited<ReturnType<typeof partyWithSession>>;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await partyWithSession(ctx, 'admin', { displayName: 'Ada Admin' });
});
afterEach(() => expectLedgerHealthy(ctx));
afterAll(() => ctx.close());

const SUBJECT = 'New statement in the dispute';

async function disputed() {
  const deal = await arrangeDeal(ctx, { priceCents: 10_000, title: 'Disputed Valorant account' });
  const id = await orderUpTo(ctx, deal, 'delivered');
  expect((await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute`, { reason: 'Banned at once.' })).status).toBe(
    200,
  );
  await ctx.deliverMail();
  return { ...deal, id };
}
const statementMails = async (to: string) =>
  (await ctx.mailsTo(to)).filter((m) => m.subject === `${SUBJECT}: Disputed Valorant account`);
const state = (id: string, who: Party, body: string) =>
  call(ctx, who, 'POST', `/api/orders/${id}/dispute/statements`, { body });

describe('statements in a dispute', () => {
  it('the other party hears of each turn; the author never does', async () => {
    const { buyer, seller, id } = await disputed();
    expect((await state(id, buyer, 'I was banned an hour after logging in.')).status).toBe(201);
    const toSeller = await statementMails(seller.email);
    expect(toSeller).toHaveLength(1);
    expect(toSeller[0]!.text).toContain('The buyer added a statement to the dispute.');
    expect(toSeller[0]!.text).toContain(`Open the order: ${ctx.deps.config.publicUrl}/orders/${id}`);
    // What was said stays on the order's page.
    expect(toSeller[0]!.text).not.toContain('banned an hour');
    expect(await statementMails(buyer.email)).toEqual([]);

    // A second statement in the same turn is not mailed again.
    expect((await state(id, buyer, 'Screenshot attached next.')).status).toBe(201);
    expect(await statementMails(seller.email)).toHaveLength(1);

    expect((await state(id, seller, 'The ban predates the sale? No.')).status).toBe(201);
    const toBuyer = await statementMails(buyer.email);
    expect(toBuyer).toHaveLength(1);
    expect(toBuyer[0]!.text).toContain('The seller added a statement to the dispute.');
  });

  it('an admin’s statement goes to both parties, not to the admin', async () => {
    const { buyer, seller, id } = await disputed();
    expect((await state(id, admin, 'Please both send the login history.')).status).toBe(201);
    for (const party of [buyer, seller]) {
      const mails = await statementMails(party.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('An Accountry admin added a statement to the dispute.');
    }
    expect(await statementMails(admin.email)).toEqual([]);
  });
});
