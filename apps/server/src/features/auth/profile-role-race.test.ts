import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGED_MEANWHILE } from '@accountry/shared/api-error';
import type { Role } from '@accountry/shared/roles';
import { createTestApp, userWithSession, type TestContext } from '../../test/test-app';
import { freshIp } from './auth-test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const roleOf = async (id: string) =>
  (await ctx.db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirstOrThrow()).role;

/** A member whose session is resolved and held (decision 102) while an admin changes their role in the database. */
async function warmSessionThenAdminSets(role: Role) {
  const { user, session } = await userWithSession(ctx, 'seller', { displayName: 'Sam Reyes' });
  const send = (method: 'GET' | 'PATCH', payload?: object) =>
    ctx.app.inject({ method, url: '/api/profile', headers: session.headers, payload, remoteAddress: freshIp() });
  expect((await send('GET')).statusCode).toBe(200);
  await ctx.db.updateTable('users').set({ role }).where('id', '=', user.id).execute();
  expect((await send('GET')).json().user.role).toBe('seller');
  return { user, send };
}

describe("a member's own role change racing an admin's", () => {
  it.each([
    ['made them an admin', 'admin'],
    ['changed their role', 'buyer'],
  ] as const)('is refused with 409 when an admin %s meanwhile, keeping the admin’s role', async (_what, role) => {
    const { user, send } = await warmSessionThenAdminSets(role);
    const res = await send('PATCH', { role: 'both', displayName: 'Sam Both' });
    expect([res.statusCode, res.json().error?.message]).toEqual([409, CHANGED_MEANWHILE]);
    expect(await roleOf(user.id)).toBe(role);
    const row = await ctx.db.selectFrom('users').select('displayName').where('id', '=', user.id).executeTakeFirst();
    expect(row?.displayName).toBe('Sam Reyes');
    // The reload the message asks for shows the role as it is.
    expect((await send('GET')).json().user.role).toBe(role);
  });

  it('still saves a change that leaves the role out', async () => {
    const { user, send } = await warmSessionThenAdminSets('admin');
    const res = await send('PATCH', { phoneNumber: '+1 555 0100' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: 'admin', phoneNumber: '+1 555 0100' });
    expect(await roleOf(user.id)).toBe('admin');
  });
});
