import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import type { DatabaseHandle } from '../../db/database';
import type { TestContext } from '../../test/test-app';
import { arrangeDeal, call, orderUpTo } from './orders-test-helpers';

/** A statement or an evidence image posted while an admin decides the dispute lands before the decision or not at all. */
let ctx: TestContext;
let second: DatabaseHandle;
let interleave: Interleave;
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-statement-races-'));
useRaceTestApp((race) => ({ ctx, second, interleave } = race), { UPLOAD_DIR: uploadDir });
afterAll(() => {
  fs.rmSync(uploadDir, { recursive: true, force: true });
  fs.rmSync(`${uploadDir}-private`, { recursive: true, force: true });
});

async function disputedOrder() {
  const deal = await arrangeDeal(ctx);
  const id = await orderUpTo(ctx, deal, 'delivered');
  const res = await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute`, { reason: 'It was taken back.' });
  expect(res.status).toBe(200);
  return { deal, id };
}

/** The admin's decision, committed on another connection after the statement's request read the order. */
const decidedElsewhere = (id: string) => async () => {
  await second.db.updateTable('orders').set({ status: 'refunded' }).where('id', '=', id).execute();
};

describe('a dispute statement racing the decision', () => {
  it('is refused with 409 and not stored when the decision commits after the request read the order', async () => {
    const { deal, id } = await disputedOrder();
    interleave.arm('orders', decidedElsewhere(id));
    const res = await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute/statements`, {
      body: 'One more thing.',
    });
    expect([res.status, res.body.error?.message]).toEqual([
      409,
      'Statements can be posted only while the dispute is open.',
    ]);
    const stored = await ctx.db.selectFrom('disputeStatements').select('id').where('orderId', '=', id).execute();
    expect(stored).toEqual([]);
  });

  it('refuses an evidence image the same way, keeping no file', async () => {
    const { deal, id } = await disputedOrder();
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    interleave.arm('orders', decidedElsewhere(id));
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/dispute/evidence`,
      payload: image,
      headers: { ...deal.buyer.session.headers, 'content-type': 'image/png' },
    });
    expect([res.statusCode, res.json().error?.message]).toEqual([
      409,
      'Statements can be posted only while the dispute is open.',
    ]);
    const stored = await ctx.db.selectFrom('disputeEvidence').select('id').where('orderId', '=', id).execute();
    expect(stored).toEqual([]);
    const files = fs
      .readdirSync(`${uploadDir}-private`, { recursive: true })
      .filter((f) => String(f).endsWith('.webp'));
    expect(files).toEqual([]);
  });
});
