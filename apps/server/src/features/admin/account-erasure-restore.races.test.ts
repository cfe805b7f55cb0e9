import { describe, expect, it } from 'vitest';
import type { Interleave } from '../../test/interleave';
import { untilLockWaitOr } from '../../test/lock-waits';
import { useRaceTestApp } from '../../test/race-app';
import { createUser, insertDeletedUser, testEngine, userWithSession, type TestContext } from '../../test/test-app';
import { eraseDueAccounts } from './account-erasure.service';

// Two transactions at once: SQLite's one connection already runs one at a time.
const pg = testEngine === 'postgres';
let interleave: Interleave;
let ctx: TestContext;
useRaceTestApp((race) => ({ ctx, interleave } = race));

describe.runIf(pg)('an admin restoring an account while the eraser erases it', () => {
  it('answers that the account was erased, never a deadlock', async () => {
    const { session } = await userWithSession(ctx, 'admin');
    const member = await createUser(ctx, { displayName: 'Dee Parted' });
    await insertDeletedUser(ctx.db, member, { eraseAt: ctx.clock.now() - 1000, createdAt: ctx.clock.now() - 2000 });
    let restore: Promise<{ statusCode: number; body: string }> | undefined;
    // The eraser has claimed the account; the restore comes now.
    interleave.arm(
      'deleted_users',
      async () => {
        restore = ctx.app.inject({
          method: 'POST',
          url: `/api/admin/users/${member.id}/restore`,
          headers: session.headers,
          payload: { reason: 'Asked by the member' },
        });
        await untilLockWaitOr(ctx.db);
      },
      'update',
    );
    expect(await eraseDueAccounts(ctx.deps)).toBe(1);
    const res = await restore!;
    expect({ status: res.statusCode, message: JSON.parse(res.body).error.message }).toEqual({
      status: 409,
      message: "This account's personal data was erased. It cannot be restored.",
    });
  });
});
