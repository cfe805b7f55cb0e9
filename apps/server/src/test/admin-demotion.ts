import { expect } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { changeRole } from '../features/admin/admin-users.service';
import type { AuthUser } from '../plugins/auth';
import type { Interleave } from './interleave';
import { signInAs, userWithSession, type TestContext } from './test-app';

/** The guard's refusal, which an admin whose role is gone gets from the guard or from their action's transaction. */
export const FORBIDDEN = 'You do not have permission to do this.';

export interface AdminRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: object;
}

/**
 * When another admin's demotion of the acting admin commits: after the request's guard read the session (the action
 * has not begun), after the action's transaction read the acting admin's row again (decision 219's window, where
 * SQLite then fails the action's first write as stale), or, on PostgreSQL, while the demotion holds the admin rows as
 * the request comes (its guard still reads the role as committed; its re-read waits for the demotion).
 */
export type DemotedWhen = 'after the guard' | 'after the re-read' | 'while the demotion is written';

/**
 * Sends the request as a new admin whom another admin demotes, on the second connection, at the moment asked;
 * answers the reply's status and message once the demotion is known to have committed.
 */
export async function actAsDemotedAdmin(
  race: { ctx: TestContext; interleave: Interleave; second: DatabaseHandle },
  request: AdminRequest,
  when: DemotedWhen,
) {
  const { ctx, interleave } = race;
  const acting = await userWithSession(ctx, 'admin');
  const other = (await userWithSession(ctx, 'admin')).user as AuthUser;
  // A fresh session, read from the database: the guard passes on it.
  const headers = (await signInAs(ctx, acting.user.id)).headers;
  const demote = async () => {
    await changeRole({ ...ctx.deps, db: race.second }, other, acting.user.id, 'buyer');
  };
  type Reply = { statusCode: number; body: string; json: () => unknown };
  let res: Reply;
  if (when === 'while the demotion is written') {
    let action: Promise<Reply> | undefined;
    // The demotion's first read of `users` takes the admin rows; the action starts and waits on them a while.
    interleave.arm('users', async () => {
      action = ctx.app.inject({ ...request, headers });
      await Promise.race([action, new Promise((resolve) => setTimeout(resolve, 300))]);
    });
    await changeRole(ctx.deps, other, acting.user.id, 'buyer');
    res = await action!;
  } else {
    if (when === 'after the guard') interleave.arm('sessions', demote);
    // The re-read's own statement names its row `acting_admin` (db/acting-admin.ts).
    else interleave.arm('sessions', async () => interleave.arm('acting_admin', demote));
    res = await ctx.app.inject({ ...request, headers });
  }
  interleave.disarm();
  // The demotion ran (an action that never re-read the role would have left it armed).
  const role = await ctx.db.selectFrom('users').select('role').where('id', '=', acting.user.id).executeTakeFirst();
  expect(role?.role).toBe('buyer');
  const body = res.body ? (res.json() as { error?: { message?: string } }) : {};
  return { status: res.statusCode, message: body.error?.message };
}
