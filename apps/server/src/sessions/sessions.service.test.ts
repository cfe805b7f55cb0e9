import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INACTIVITY_TIMEOUT_MS } from '@accountry/shared/constants';
import { createTestApp, createUser, signInAs, type TestContext } from '../test/test-app';
import { sessionStates } from './sessions.service';

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
