import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DISPUTE_EVIDENCE_MAX_BYTES, DISPUTE_EVIDENCE_PER_PERSON } from '@accountry/shared/disputes';
import { createTestApp, signInAs, type TestContext } from '../../test/test-app';
import { arrangeDeal, call, expectLedgerHealthy, orderUpTo, type Party, partyWithSession } from './orders-test-helpers';

let ctx: TestContext;
let admin: Party;
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-evidence-uploads-'));
beforeAll(async () => {
  ctx = await createTestApp({ UPLOAD_DIR: uploadDir });
  admin = await partyWithSession(ctx, 'admin');
});
afterEach(() => expectLedgerHealthy(ctx));
afterAll(async () => {
  await ctx.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
  fs.rmSync(`${uploadDir}-private`, { recursive: true, force: true });
});

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#0a0' } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: 'GPS 52.52N 13.40E' } } })
    .toBuffer();

async function upload(who: Party | null, orderId: string, body: Buffer, type = 'image/png') {
  if (who) who.session = await signInAs(ctx, who.id);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/dispute/evidence`,
    payload: body,
    headers: { ...(who ? who.session.headers : {}), 'content-type': type },
  });
  return { status: res.statusCode, body: res.json() };
}

async function fetchImage(who: Party | null, url: string) {
  if (who) who.session = await signInAs(ctx, who.id);
  return ctx.app.inject({ method: 'GET', url, headers: who ? who.session.headers : {} });
}

async function disputed() {
  const deal = await arrangeDeal(ctx);
  const id = await orderUpTo(ctx, deal, 'delivered');
  const res = await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute`, { reason: 'The owner took it back.' });
  expect(res.status).toBe(200);
  return { deal, id };
}

const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => d.name)
    : [];

describe('dispute evidence images', () => {
  it('stores an image privately, attaches it to a statement, and shows it to buyer, seller and admins only', async () => {
    const { deal, id } = await disputed();
    const up = await upload(deal.buyer, id, await png());
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ width: 64, height: 48, url: `/api/orders/${id}/dispute/evidence/${up.body.id}` });
    // Never under the public upload tree.
    expect(filesUnder(uploadDir)).toEqual([]);
    expect(filesUnder(path.join(`${uploadDir}-private`, 'disputes'))).toHaveLength(1);

    // Before a statement refers to it, only its uploader sees it.
    expect((await fetchImage(deal.buyer, up.body.url)).statusCode).toBe(200);
    expect((await fetchImage(deal.seller, up.body.url)).statusCode).toBe(404);

    const posted = await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute/statements`, {
      body: 'The login page after the owner changed the password.',
      evidenceId: up.body.id,
    });
    expect(posted.status).toBe(201);
    expect((posted.body.items as Array<{ evidenceUrl: string }>)[0].evidenceUrl).toBe(up.body.url);

    for (const who of [deal.buyer, deal.seller, admin]) {
      const res = await fetchImage(who, up.body.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toMatch(/^private/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // Re-encoded: the metadata the phone wrote is gone.
      expect((await sharp(res.rawPayload).metadata()).exif).toBeUndefined();
    }
    const stranger = await partyWithSession(ctx, 'buyer');
    expect((await fetchImage(stranger, up.body.url)).statusCode).toBe(404);
    expect((await fetchImage(null, up.body.url)).statusCode).toBe(401);
  });

  it('refuses strangers, anonymous uploads, a non-image, a too-large body and an order not in dispute', async () => {
    const { deal, id } = await disputed();
    const stranger = await partyWithSession(ctx, 'buyer');
    expect(await upload(stranger, id, await png())).toMatchObject({
      status: 404,
      body: { error: { message: 'Order not found' } },
    });
    expect((await upload(null, id, await png())).status).toBe(401);

    const text = await upload(deal.seller, id, Buffer.from('%PDF-1.7 not an image at all'), 'image/png');
    expect(text).toMatchObject({ status: 400, body: { error: { message: 'Attach a JPEG, PNG or WebP image.' } } });
    // PNG magic bytes on something that does not decode.
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    expect((await upload(deal.seller, id, fake)).status).toBe(400);

    const big = await upload(deal.seller, id, Buffer.alloc(DISPUTE_EVIDENCE_MAX_BYTES + 1, 0xff));
    expect(big).toMatchObject({ status: 413, body: { error: { message: 'Evidence images can be at most 5 MB.' } } });

    const open = await arrangeDeal(ctx);
    const paid = await orderUpTo(ctx, open, 'paid');
    expect(await upload(open.buyer, paid, await png())).toMatchObject({
      status: 409,
      body: { error: { message: 'Statements can be posted only while the dispute is open.' } },
    });
    expect(await ctx.db.selectFrom('disputeEvidence').select('id').where('orderId', '=', paid).execute()).toEqual([]);
  });

  it('keeps at most 10 images per person and order, also sent all at once, and no file of a refused one', async () => {
    const { deal, id } = await disputed();
    const privateDir = path.join(`${uploadDir}-private`, 'disputes');
    const filesBefore = filesUnder(privateDir).length;
    const image = await png();
    deal.buyer.session = await signInAs(ctx, deal.buyer.id);
    const answers = await Promise.all(
      Array.from({ length: DISPUTE_EVIDENCE_PER_PERSON + 5 }, async () => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: `/api/orders/${id}/dispute/evidence`,
          payload: image,
          headers: { ...deal.buyer.session.headers, 'content-type': 'image/png' },
        });
        return { status: res.statusCode, message: res.json().error?.message };
      }),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(DISPUTE_EVIDENCE_PER_PERSON);
    expect(answers.filter((a) => a.status !== 201)).toEqual(
      Array(5).fill({ status: 409, message: 'You can attach at most 10 images to a dispute.' }),
    );
    const stored = await ctx.db.selectFrom('disputeEvidence').select('uploaderId').where('orderId', '=', id).execute();
    expect(stored).toEqual(Array(DISPUTE_EVIDENCE_PER_PERSON).fill({ uploaderId: deal.buyer.id }));
    expect(filesUnder(privateDir)).toHaveLength(filesBefore + DISPUTE_EVIDENCE_PER_PERSON);
    // The limit is each person's: the seller still has all of theirs.
    expect((await upload(deal.seller, id, image)).status).toBe(201);
  });

  it("refuses to attach someone else's upload to a statement", async () => {
    const { deal, id } = await disputed();
    const up = await upload(deal.buyer, id, await png());
    const res = await call(ctx, deal.seller, 'POST', `/api/orders/${id}/dispute/statements`, {
      body: 'Look at this.',
      evidenceId: up.body.id,
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe('The attached image was not found. Please attach it again.');
  });
});
