import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { auditRows, insertFeedback, insertReport } from './admin-test-fixtures';

/** Two admins editing one note: each write names the note it started from, and one made on a stale note is refused. */
let ctx: TestContext;
let first: Session;
let other: Session;

beforeAll(async () => {
  ctx = await createTestApp();
  first = (await userWithSession(ctx, 'admin')).session;
  other = (await userWithSession(ctx, 'admin')).session;
});
afterAll(() => ctx.close());

const patch = (session: Session, url: string, payload: object) =>
  ctx.app.inject({ method: 'PATCH', url, headers: session.headers, payload });
const noteChanged =
  'Another admin changed this note in the meantime. Reload the note to see theirs before saving yours.';

async function newReport() {
  const reporter = await createUser(ctx);
  return insertReport(ctx, { targetType: 'user', targetId: reporter.id, reporterId: reporter.id });
}
const storedReport = (id: string) =>
  ctx.db.selectFrom('reports').select(['status', 'note']).where('id', '=', id).executeTakeFirstOrThrow();
const storedFeedback = (id: string) =>
  ctx.db.selectFrom('feedback').select(['status', 'note']).where('id', '=', id).executeTakeFirstOrThrow();

describe.each([
  { kind: 'report', url: async () => `/api/admin/reports/${(await newReport()).id}`, stored: storedReport },
  {
    kind: 'rate-us submission',
    url: async () => `/api/admin/feedback/${await insertFeedback(ctx)}`,
    stored: storedFeedback,
  },
])('the note of a $kind', ({ url: make, stored }) => {
  it('is written only over the note the admin started from: a stale one answers 409 and changes nothing', async () => {
    const url = await make();
    const id = url.split('/').pop()!;
    expect((await patch(first, url, { note: 'Asked the seller for proof.', noteSeen: '' })).statusCode).toBe(200);
    // The other admin opened the page before that note was saved.
    const stale = await patch(other, url, { status: 'in_progress', note: 'Looks fine to me.', noteSeen: '' });
    expect([stale.statusCode, stale.json().error.message]).toEqual([409, noteChanged]);
    expect(await stored(id)).toEqual({ status: 'open', note: 'Asked the seller for proof.' });
    expect(await auditRows(ctx, id)).toHaveLength(1);
    // Reloaded, the other admin writes over the note they now saw.
    const reloaded = await patch(other, url, { note: 'Proof received.', noteSeen: 'Asked the seller for proof.' });
    expect(reloaded.statusCode).toBe(200);
    expect(reloaded.json()).toMatchObject({ note: 'Proof received.' });
    expect(await stored(id)).toEqual({ status: 'open', note: 'Proof received.' });
  });

  it('is not a condition of a status move, nor of a note sent without the note it replaces', async () => {
    const url = await make();
    const id = url.split('/').pop()!;
    expect((await patch(first, url, { note: 'Watching it.', noteSeen: '' })).statusCode).toBe(200);
    expect((await patch(other, url, { status: 'resolved' })).statusCode).toBe(200);
    expect(await stored(id)).toEqual({ status: 'resolved', note: 'Watching it.' });
    // A client that does not say what it saw writes as before.
    expect((await patch(other, url, { note: 'Closed.' })).statusCode).toBe(200);
    expect(await stored(id)).toEqual({ status: 'resolved', note: 'Closed.' });
  });

  it('refuses the note it replaces without a note, and one too long', async () => {
    const url = await make();
    const alone = await patch(first, url, { status: 'resolved', noteSeen: '' });
    expect([alone.statusCode, alone.json().error.fields.noteSeen]).toEqual([
      400,
      'Send the new note with the note it replaces',
    ]);
    const long = await patch(first, url, { note: 'Fine.', noteSeen: 'x'.repeat(2001) });
    expect([long.statusCode, long.json().error.fields.noteSeen]).toEqual([400, 'Keep the note under 2000 characters']);
    expect(await stored(url.split('/').pop()!)).toEqual({ status: 'open', note: '' });
  });
});

describe('one rate-us submission', () => {
  it('is read by its id, so a review refused as stale can show the note another admin saved', async () => {
    const id = await insertFeedback(ctx, { message: 'Add dark mode.' });
    expect((await patch(first, `/api/admin/feedback/${id}`, { note: 'Planned.', noteSeen: '' })).statusCode).toBe(200);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/feedback/${id}`, headers: other.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, message: 'Add dark mode.', status: 'open', note: 'Planned.' });
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/admin/feedback/nope', headers: other.headers });
    expect([missing.statusCode, missing.json().error.message]).toEqual([404, 'Feedback not found']);
  });
});
