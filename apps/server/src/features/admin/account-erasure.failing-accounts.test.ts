import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseWrites } from '../../test/refused-writes';
import { createTestApp, createUser, insertDeletedUser, type TestContext } from '../../test/test-app';
import { ERASED_DISPLAY_NAME, eraseDueAccounts } from './account-erasure.service';

/**
 * An account whose erasure fails (the database refuses its row, every time) is logged and tried again next run: it
 * must neither end the run nor hold back the accounts due after it, however many such come first.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const deletionOf = (uid: string) =>
  ctx.db.selectFrom('deletedUsers').select(['eraseAt', 'erasedAt']).where('uid', '=', uid).executeTakeFirstOrThrow();

describe('the account erasure past accounts it cannot erase', () => {
  it('erases the accounts due after more than a batch of failing ones', async () => {
    await refuseWrites(ctx.handle, 'users', 'display_name', 'Stuck Member', ['update']);
    const now = ctx.clock.now();
    const deleted = async (displayName: string, eraseAt: number) => {
      const user = await createUser(ctx, { displayName });
      await insertDeletedUser(ctx.db, user, { eraseAt, createdAt: now });
      return user.id;
    };
    const stuck: string[] = [];
    for (let i = 0; i < 150; i++) stuck.push(await deleted('Stuck Member', now - 1000 + i));
    const due = await deleted('Eve Erased', now);

    expect(await eraseDueAccounts(ctx.deps)).toBe(1);
    expect(await deletionOf(due)).toEqual({ eraseAt: null, erasedAt: now });
    const user = await ctx.db.selectFrom('users').select('displayName').where('id', '=', due).executeTakeFirstOrThrow();
    expect(user.displayName).toBe(ERASED_DISPLAY_NAME);
    // Each failing one is still due, for the next run.
    const left = await Promise.all(stuck.map(deletionOf));
    expect(left.every((d) => d.eraseAt !== null && d.erasedAt === null)).toBe(true);
  });
});
