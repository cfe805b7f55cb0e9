import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CREDENTIAL_FIELD_MAX } from '@accountry/shared/order-credentials';
import { createTestApp, signInAs, type TestContext } from '../../test/test-app';
import { escapedJson } from '../../test/escaped-json';
import {
  arrangeDeal,
  call,
  expectLedgerHealthy,
  listingChat,
  orderUpTo,
  sweep,
  type Party,
  partyWithSession,
} from './orders-test-helpers';

let ctx: TestContext;
let stranger: Party;
beforeAll(async () => {
  ctx = await createTestApp();
  stranger = await partyWithSession(ctx, 'both');
});
afterEach(() => expectLedgerHealthy(ctx));
afterAll(() => ctx.close());

const H = 3_600_000;
type Deal = Awaited<ReturnType<typeof arrangeDeal>>;
const FIXED = { login: 'valorant_king', password: 'S3cret-pass-fixed!' };
const correct = (who: Party, id: string, credentials: Record<string, string> = FIXED) =>
  call(ctx, who, 'POST', `/api/orders/${id}/credentials`, { credentials });
const reveal = (deal: Deal, id: string) => call(ctx, deal.buyer, 'POST', `/api/orders/${id}/credentials/reveal`);
const row = (id: string) => ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const history = async (id: string) =>
  (await ctx.db.selectFrom('orderHistory').selectAll().where('orderId', '=', id).orderBy('seq').execute()).map((h) => [
    h.event,
    h.toStatus,
    h.actorKind,
    h.reason,
  ]);

const REVEALED =
  'The buyer has already revealed the credentials, so they can no longer be corrected. Tell the buyer in the chat ' +
  'what is wrong; if you cannot sort it out, the buyer can open a dispute.';
const CLOSED = 'The credentials can be corrected only while the buyer is checking the account.';

describe('correcting delivered credentials', () => {
  it('replaces them sealed, records it, tells the buyer in the chat and by mail, keeps the deadline', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'delivered');
    const delivered = await row(id);
    await ctx.deliverMail();
    const mailsBefore = ctx.mailer.sent.length;
    ctx.clock.advance(5 * H);

    const res = await correct(deal.seller, id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'delivered',
      dueAt: delivered.dueAt,
      credentials: { delivered: true, reveals: [], corrections: 1, canCorrect: true },
    });
    const after = await row(id);
    // The inspection window is not restarted: the same deadline and the same reminder.
    expect([after.dueAt, after.reminderAt, after.deliveredAt]).toEqual([
      delivered.dueAt,
      delivered.reminderAt,
      delivered.deliveredAt,
    ]);
    expect(after.credentialsCipher).not.toEqual(delivered.credentialsCipher);
    expect(after.credentialsCipher).not.toContain('S3cret');
    expect((await history(id)).at(-1)).toEqual([
      'credentials_corrected',
      'delivered',
      'seller',
      'Correction 1 of 3. The time to check the account is unchanged.',
    ]);
    expect((await listingChat(ctx, deal.listing.id, deal.buyer.id)).at(-1)).toBe(
      'The seller corrected the credentials on the order page. The time to check the account is unchanged.',
    );
    await ctx.deliverMail();
    const mails = ctx.mailer.sent.slice(mailsBefore);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [deal.buyer.email, `Credentials corrected: ${deal.listing.title}`],
    ]);
    expect(mails[0]!.text).toContain('The time to check the account is unchanged.');
    expect(mails.some((m) => m.text.includes('S3cret') || m.html.includes('S3cret'))).toBe(false);

    // The buyer sees the correction in the history, and the new credentials when revealing them.
    const buyerView = await call(ctx, deal.buyer, 'GET', `/api/orders/${id}`);
    expect(buyerView.body.credentials).toMatchObject({ corrections: 1, canCorrect: false });
    expect((buyerView.body.history as Array<{ event: string | null }>).at(-1)?.event).toBe('credentials_corrected');
    expect((await reveal(deal, id)).body).toEqual({ ...FIXED, emailAccess: '', recoveryCodes: '', notes: '' });
    const sellerView = await call(ctx, deal.seller, 'GET', `/api/orders/${id}`);
    expect(sellerView.body.credentials).toMatchObject({ corrections: 1, canCorrect: false });
  });

  it('records the buyer’s first reveal on the order, and later reveals leave it', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'delivered');
    expect((await row(id)).credentialsRevealedAt).toBeNull();
    const first = ctx.clock.now();
    expect((await reveal(deal, id)).status).toBe(200);
    ctx.clock.advance(H);
    expect((await reveal(deal, id)).status).toBe(200);
    expect((await row(id)).credentialsRevealedAt).toBe(first);
  });

  it('is refused once the buyer has revealed them, and what was revealed stays', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'delivered');
    const original = (await reveal(deal, id)).body;
    const res = await correct(deal.seller, id);
    expect(res).toMatchObject({ status: 409, body: { error: { message: REVEALED } } });
    expect((await reveal(deal, id)).body).toEqual(original);
    expect((await history(id)).map((h) => h[0])).not.toContain('credentials_corrected');
  });

  it('is refused past the limit of three corrections', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'delivered');
    for (const n of [1, 2, 3]) {
      const res = await correct(deal.seller, id, { login: 'valorant_king', password: `attempt-${n}` });
      expect(res.status).toBe(200);
      expect(res.body.credentials).toMatchObject({ corrections: n, canCorrect: n < 3 });
    }
    const res = await correct(deal.seller, id);
    expect(res).toMatchObject({
      status: 409,
      body: {
        error: {
          message:
            'The credentials have been corrected 3 times, the most allowed. Tell the buyer in the chat what is ' +
            'wrong; if you cannot sort it out, the buyer can open a dispute.',
        },
      },
    });
    expect((await reveal(deal, id)).body.password).toBe('attempt-3');
  });

  it('is the seller’s alone: the buyer is refused, anyone else does not find the order', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'delivered');
    expect(await correct(deal.buyer, id)).toMatchObject({
      status: 403,
      body: { error: { message: 'Only the seller of this order can do this.' } },
    });
    expect(await correct(stranger, id)).toMatchObject({
      status: 404,
      body: { error: { message: 'Order not found' } },
    });
    expect((await row(id)).credentialsCorrections).toBe(0);
  });

  it('takes the largest credentials, every character escaped, on delivery and on correction', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'paid');
    // Emoji are two UTF-16 units each, written as two 6-byte escapes: 12,000 bytes a full field.
    const fullest = (emoji: string) =>
      Object.fromEntries(
        ['login', 'password', 'emailAccess', 'recoveryCodes', 'notes'].map((k) => [
          k,
          emoji.repeat(CREDENTIAL_FIELD_MAX / 2),
        ]),
      );
    const hand = async (path: string, credentials: Record<string, string>) => {
      const payload = escapedJson({ credentials });
      expect(payload.length).toBeGreaterThan(60_000);
      const seller = await signInAs(ctx, deal.seller.id);
      return ctx.app.inject({
        method: 'POST',
        url: `/api/orders/${id}/${path}`,
        payload,
        headers: { ...seller.headers, 'content-type': 'application/json' },
      });
    };
    expect((await hand('deliver', fullest('😀'))).statusCode).toBe(200);
    expect((await hand('credentials', fullest('🔑'))).statusCode).toBe(200);
    expect((await reveal(deal, id)).body).toEqual(fullest('🔑'));
  });

  it('needs at least one field, as a delivery does', async () => {
    const deal = await arrangeDeal(ctx);
    const id = await orderUpTo(ctx, deal, 'delivered');
    const res = await correct(deal.seller, id, { login: ' ', password: '' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(
      'Enter at least one of login, password, email access, recovery codes or notes.',
    );
  });

  it('is refused before delivery, after the inspection window, in protection, disputed and completed', async () => {
    const closed = async (deal: Deal, id: string) => {
      const res = await correct(deal.seller, id);
      expect(res).toMatchObject({ status: 409, body: { error: { message: CLOSED } } });
    };
    const paid = await arrangeDeal(ctx);
    await closed(paid, await orderUpTo(ctx, paid, 'paid'));

    const late = await arrangeDeal(ctx);
    const lateId = await orderUpTo(ctx, late, 'delivered');
    ctx.clock.advance(72 * H);
    // The window has ended though the sweep has not confirmed the order yet.
    expect((await row(lateId)).status).toBe('delivered');
    await closed(late, lateId);

    const disputed = await arrangeDeal(ctx);
    const disputedId = await orderUpTo(ctx, disputed, 'delivered');
    const reason = { reason: 'The password does not work at all.' };
    expect((await call(ctx, disputed.buyer, 'POST', `/api/orders/${disputedId}/dispute`, reason)).status).toBe(200);
    await closed(disputed, disputedId);

    const done = await arrangeDeal(ctx, { protectionDays: 0 });
    const doneId = await orderUpTo(ctx, done, 'protection');
    await closed(done, doneId);
    await sweep(ctx);
    expect((await row(doneId)).status).toBe('completed');
    await closed(done, doneId);
    expect((await call(ctx, done.seller, 'GET', `/api/orders/${doneId}`)).body.credentials).toMatchObject({
      corrections: 0,
      canCorrect: false,
    });
  });
});
