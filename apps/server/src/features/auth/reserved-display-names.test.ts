import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '@accountry/shared/account-rules';
import { createTestApp, userWithSession, type TestContext } from '../../test/test-app';
import { freshIp } from './auth-test-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const patch = (headers: Record<string, string>, payload: object) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/profile', headers, payload, remoteAddress: freshIp() });
const nameOf = async (id: string) =>
  (await ctx.db.selectFrom('users').select('displayName').where('id', '=', id).executeTakeFirstOrThrow()).displayName;

describe('display names that claim to be the site or its staff (decision 224)', () => {
  it.each([['buyer'], ['admin']] as const)('refuses them on a %s profile and keeps the name', async (role) => {
    const { user, session } = await userWithSession(ctx, role, { displayName: 'Steady Name' });
    for (const displayName of ['Accountry support', 'Admin', 'Moderator', 'Support team', 'S u p p o r t', 'Mοd']) {
      const res = await patch(session.headers, { displayName });
      expect([res.statusCode, res.json().error.fields.displayName], displayName).toEqual([
        400,
        FIELD_MESSAGES.displayNameReserved,
      ]);
    }
    expect(await nameOf(user.id)).toBe('Steady Name');
  });

  it('leaves a member who already has such a name alone while they change something else', async () => {
    const { user, session } = await userWithSession(ctx, 'seller', { displayName: 'Support Sam' });
    const res = await patch(session.headers, { phoneNumber: '+1 555 0100', role: 'both' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ displayName: 'Support Sam', phoneNumber: '+1 555 0100', role: 'both' });
    const renamed = await patch(session.headers, { displayName: 'Sam Reyes' });
    expect(renamed.json().user.displayName).toBe('Sam Reyes');
    expect(await nameOf(user.id)).toBe('Sam Reyes');
  });
});
