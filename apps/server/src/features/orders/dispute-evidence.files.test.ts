import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestContext } from '../../test/test-app';
import { whileDiskFills } from '../../test/full-disk';
import { arrangeDeal, call, orderUpTo, type Party, partyWithSession } from './orders-test-helpers';

let ctx: TestContext;
let admin: Party;
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-evidence-files-'));
const evidenceDir = path.join(`${uploadDir}-private`, 'disputes');
beforeAll(async () => {
  ctx = await createTestApp({ UPLOAD_DIR: uploadDir });
  admin = await partyWithSession(ctx, 'admin');
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
  fs.rmSync(`${uploadDir}-private`, { recursive: true, force: true });
});

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();

async function upload(who: Party, orderId: string, body: Buffer) {
  who.session = await signInAs(ctx, who.id);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/dispute/evidence`,
    payload: body,
    headers: { ...who.session.headers, 'content-type': 'image/png' },
  });
  return { status: res.statusCode, body: res.json() };
}

async function disputed() {
  const deal = await arrangeDeal(ctx);
  const id = await orderUpTo(ctx, deal, 'delivered');
  const res = await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute`, { reason: 'The owner took it back.' });
  expect(res.status).toBe(200);
  return { deal, id };
}

const files = () => (fs.existsSync(evidenceDir) ? fs.readdirSync(evidenceDir) : []);

describe('dispute evidence files', () => {
  it('a dispute that ends removes the evidence never posted, file and row, and keeps what was posted', async () => {
    const { deal, id } = await disputed();
    const posted = await upload(deal.buyer, id, await png());
    const kept = await upload(deal.seller, id, await png());
    expect([posted.status, kept.status]).toEqual([201, 201]);
    const statement = await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute/statements`, {
      body: 'The seller recovered the account the day after.',
      evidenceId: posted.body.id,
    });
    expect(statement.status).toBe(201);
    const rows = () =>
      ctx.db.selectFrom('disputeEvidence').select(['id', 'fileName']).where('orderId', '=', id).execute();
    const [postedRow, keptRow] = [posted, kept].map((u) => u.body.id);
    const before = await rows();
    expect(before.map((r) => r.id).sort()).toEqual([postedRow, keptRow].sort());
    const unpostedFile = before.find((r) => r.id === keptRow)!.fileName;
    expect(files()).toContain(unpostedFile);

    const decided = await call(ctx, admin, 'POST', `/api/admin/orders/${id}/decision`, {
      outcome: 'refund',
      reason: 'The seller took the account back.',
    });
    expect(decided.status).toBe(200);
    const after = await rows();
    expect(after.map((r) => r.id)).toEqual([postedRow]);
    expect(files()).toContain(after[0].fileName);
    expect(files()).not.toContain(unpostedFile);
  });

  it('leaves no partial file behind when the image cannot be written whole', async () => {
    const { deal, id } = await disputed();
    const before = files();
    const res = await whileDiskFills(async () => upload(deal.buyer, id, await png()));
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(files()).toEqual(before);
  });
});
