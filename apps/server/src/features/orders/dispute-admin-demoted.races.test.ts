import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { DISPUTE_STATEMENT_MAIL } from '@accountry/shared/order-messages';
import type { DatabaseHandle } from '../../db/database';
import { actAsDemotedAdmin, FORBIDDEN, type AdminRequest, type DemotedWhen } from '../../test/admin-demotion';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { testEngine, type TestContext } from '../../test/test-app';
import { arrangeDeal, call, orderUpTo, partyWithSession } from './orders-test-helpers';

/**
 * An admin's dispute statement and evidence image speak for support: like every admin write they are refused when
 * another admin took the role away after the request's guard, and audited when they are written (decision 219).
 */
let race: { ctx: TestContext; interleave: Interleave; second: DatabaseHandle };
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-demoted-evidence-'));
const evidenceDir = path.join(`${uploadDir}-private`, 'disputes');
useRaceTestApp(
  (r) => {
    race = r;
  },
  { UPLOAD_DIR: uploadDir },
);
afterAll(() => {
  fs.rmSync(uploadDir, { recursive: true, force: true });
  fs.rmSync(`${uploadDir}-private`, { recursive: true, force: true });
});

const png = () =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: '#0c0' } })
    .png()
    .toBuffer();

async function disputedOrder() {
  const deal = await arrangeDeal(race.ctx);
  const id = await orderUpTo(race.ctx, deal, 'delivered');
  const reason = 'The owner took the account back.';
  expect((await call(race.ctx, deal.buyer, 'POST', `/api/orders/${id}/dispute`, { reason })).status).toBe(200);
  return id;
}

const count = async (q: Promise<{ n: number | string | bigint }>) => Number((await q).n);

/** Everything a statement or an upload could leave: its rows, its file, the parties' mail and the audit log. */
async function disputeState(orderId: string) {
  const { db } = race.ctx;
  const rows = (table: 'disputeStatements' | 'disputeEvidence') =>
    count(
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('orderId', '=', orderId)
        .executeTakeFirstOrThrow(),
    );
  const mails = count(
    db
      .selectFrom('mailOutbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('subject', 'like', `${DISPUTE_STATEMENT_MAIL.subject}%`)
      .executeTakeFirstOrThrow(),
  );
  const audits = count(
    db
      .selectFrom('auditLog')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('targetId', '=', orderId)
      .executeTakeFirstOrThrow(),
  );
  const files = fs.existsSync(evidenceDir) ? fs.readdirSync(evidenceDir, { recursive: true }).length : 0;
  return {
    statements: await rows('disputeStatements'),
    evidence: await rows('disputeEvidence'),
    mails: await mails,
    audits: await audits,
    files,
  };
}

const writes: Record<string, (orderId: string) => Promise<AdminRequest>> = {
  'a statement': async (id) => ({
    method: 'POST',
    url: `/api/orders/${id}/dispute/statements`,
    payload: { body: 'As the admin: refund coming.' },
  }),
  'an evidence image': async (id) => ({
    method: 'POST',
    url: `/api/orders/${id}/dispute/evidence`,
    payload: await png(),
  }),
};

const moments: DemotedWhen[] = [
  'after the guard',
  testEngine === 'sqlite' ? 'after the re-read' : 'while the demotion is written',
];

describe('a dispute write by an admin demoted meanwhile', () => {
  for (const when of moments)
    for (const [name, request] of Object.entries(writes))
      it(`${name}: refused (403) when the demotion commits ${when}, and written nowhere`, async () => {
        const id = await disputedOrder();
        const req = await request(id);
        const before = await disputeState(id);
        const outcome = await actAsDemotedAdmin(race, req, when);
        expect(outcome).toEqual({ status: 403, message: FORBIDDEN });
        expect(await disputeState(id)).toEqual(before);
      });
});

describe('a dispute write by an admin who still is one', () => {
  it('posts the statement and the evidence image, mails both parties, and audits both', async () => {
    const id = await disputedOrder();
    const admin = await partyWithSession(race.ctx, 'admin');
    const before = await disputeState(id);
    const upload = await race.ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/dispute/evidence`,
      payload: await png(),
      headers: { ...admin.session.headers, 'content-type': 'image/png' },
    });
    expect(upload.statusCode).toBe(201);
    const evidenceId = (upload.json() as { id: string }).id;
    const body = 'As the admin: refund coming.';
    const posted = await call(race.ctx, admin, 'POST', `/api/orders/${id}/dispute/statements`, { body, evidenceId });
    expect(posted.status).toBe(201);
    expect(posted.body.items).toContainEqual(
      expect.objectContaining({ authorId: admin.id, authorRole: 'admin', body }),
    );
    expect(await disputeState(id)).toEqual({
      statements: before.statements + 1,
      evidence: before.evidence + 1,
      mails: before.mails + 2,
      audits: before.audits + 2,
      files: before.files + 1,
    });
    const audit = await race.ctx.db
      .selectFrom('auditLog')
      .select(['actorId', 'action', 'targetType'])
      .where('targetId', '=', id)
      .orderBy('action')
      .execute();
    expect(audit).toEqual([
      { actorId: admin.id, action: 'order.dispute_evidence', targetType: 'order' },
      { actorId: admin.id, action: 'order.dispute_statement', targetType: 'order' },
    ]);
  });
});
