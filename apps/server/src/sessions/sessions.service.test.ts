import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INACTIVITY_TIMEOUT_MS } from '@accountry/shared/constants';
import { sql } from 'kysely';
import { createTestApp, createUser, signInAs, testEngine, type TestContext } from '../test/test-app';
import { sessionStates } from './sessions.service';
import { findSessionWithUser } from './sessions.repository';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

async function sessionIdsOf(userId: string, count: number) {
  for (let i = 0; i < count; i++) await signInAs(ctx, userId);
  const rows = await ctx.db.selectFrom('sessions').select('id').where('userId', '=', userId).execute();
  return rows.map((r) => r.id);
}

describe('sessionStates (the socket hub’s periodic check)', () => {
  it('answers for every session of a list longer than one batch', async () => {
    const idle = await createUser(ctx);
    const idleIds = await sessionIdsOf(idle.id, 120);
    ctx.clock.advance(INACTIVITY_TIMEOUT_MS + 1);
    const active = await createUser(ctx);
    const activeIds = await sessionIdsOf(active.id, 120);
    const disabled = await createUser(ctx, { disabled: true });
    const disabledIds = await sessionIdsOf(disabled.id, 10);
    const unknown = Array.from({ length: 5 }, (_, i) => `no-such-session-${i}`);
    // Interleaved, so every batch holds some of each.
    const ids = activeIds.flatMap((id, i) => [id, idleIds[i], disabledIds[i], unknown[i]].filter(Boolean) as string[]);
    expect(ids).toHaveLength(255);

    const states = await sessionStates(ctx.db, ids, ctx.clock.now(), ctx.deps.sessionSettings);
    expect(activeIds.every((id) => states.get(id)?.state === 'active')).toBe(true);
    expect(idleIds.every((id) => states.get(id)?.state === 'expired')).toBe(true);
    // A disabled user's sessions and unknown ones are not active: the hub closes their sockets as signed out.
    expect([...disabledIds, ...unknown].some((id) => states.has(id))).toBe(false);
    expect(states.size).toBe(240);
  });
});

describe('the session lookup', () => {
  // Every admin request and every uncached member request runs it: planned once per connection, not per request.
  it.runIf(testEngine === 'postgres')('is a statement PostgreSQL prepares once per connection', async () => {
    const admin = await createUser(ctx, { role: 'admin' });
    await signInAs(ctx, admin.id);
    const { id } = await ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('userId', '=', admin.id)
      .executeTakeFirstOrThrow();
    await ctx.db.connection().execute(async (connection) => {
      const kept = async () =>
        (
          await sql<{ name: string }>`select name from pg_prepared_statements
            where statement like '%from "sessions" inner join "users"%'`.execute(connection)
        ).rows.map((r) => r.name);
      expect(await kept()).toEqual([]);
      for (let i = 0; i < 3; i++) expect((await findSessionWithUser(connection, id))?.user.role).toBe('admin');
      expect(await kept()).toEqual([expect.stringMatching(/^hot_[0-9a-f]{24}$/)]);
    });
  });
});
