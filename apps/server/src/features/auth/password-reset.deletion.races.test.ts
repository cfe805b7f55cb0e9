import { describe, expect, it } from 'vitest';
import type { Interleave } from '../../test/interleave';
import type { DatabaseHandle } from '../../db/database';
import { useRaceTestApp } from '../../test/race-app';
import { createUser, insertDeletedUser, type TestContext } from '../../test/test-app';
import { closeAccount } from '../admin/admin-users.service';
import { post, STRONG_PASSWORD, tokenFrom } from './auth-test-helpers';
import { insertResetRequest } from './reset-requests.repository';
import { processResetRequests } from './reset-requests.service';

/**
 * A reset request is worked on after its reply (decision 227), and a link used later: each first reads the account
 * on its own, then works under the account's lock, which a deletion takes too. A member's own deletion committed in
 * between must be seen under the lock: no link is mailed, and a link mailed before sets no password.
 */
let ctx: TestContext;
let interleave: Interleave;
let second: DatabaseHandle;
useRaceTestApp((race) => ({ ctx, interleave, second } = race));

/** The member's own deletion, committed on another connection; the test checks it took. */
function deletedMeanwhile(userId: string) {
  return async () => {
    const now = ctx.clock.now();
    await second.db
      .transaction()
      .execute((trx) =>
        closeAccount(trx, { userId, actorId: userId, reason: 'Deleted by the member', now, eraseAt: now + 86_400_000 }),
      );
  };
}

const deletion = (userId: string) =>
  ctx.db.selectFrom('deletedUsers').select('status').where('uid', '=', userId).executeTakeFirst();

async function mailedLink(email: string) {
  await insertResetRequest(ctx.db, email, ctx.clock.now());
  await processResetRequests(ctx.deps);
  return tokenFrom(await ctx.lastMail(email), '/reset-password');
}

const confirm = (token: string) => post(ctx, '/api/auth/password-reset/confirm', { token, password: STRONG_PASSWORD });
const hashOf = async (id: string) =>
  (await ctx.db.selectFrom('users').select('passwordHash').where('id', '=', id).executeTakeFirstOrThrow()).passwordHash;

describe('a reset and the deletion of its account', () => {
  it('mails no link once the deletion committed after the request read the account', async () => {
    const user = await createUser(ctx);
    await insertResetRequest(ctx.db, user.email, ctx.clock.now());
    interleave.arm('users', deletedMeanwhile(user.id));
    await processResetRequests(ctx.deps);
    expect((await deletion(user.id))?.status).toBe('unresolved');
    expect(await ctx.mailsTo(user.email)).toEqual([]);
    const links = await ctx.db
      .selectFrom('authTokens')
      .select('id')
      .where('userId', '=', user.id)
      .where('purpose', '=', 'reset_password')
      .execute();
    expect(links).toEqual([]);
  });

  it('a link mailed before the deletion sets no password, even when the deletion commits as it is used', async () => {
    const user = await createUser(ctx);
    const token = await mailedLink(user.email);
    const before = await hashOf(user.id);
    interleave.arm('users', deletedMeanwhile(user.id));
    const res = await confirm(token);
    expect((await deletion(user.id))?.status).toBe('unresolved');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'LINK_INVALID',
      message: 'This link is invalid or has already been used.',
    });
    expect(await hashOf(user.id)).toBe(before);
  });

  it('(deleted before the link is opened: its status and its use are refused)', async () => {
    const user = await createUser(ctx);
    const token = await mailedLink(user.email);
    await insertDeletedUser(ctx.db, user);
    const status = await post(ctx, '/api/auth/password-reset/status', { token });
    expect(status.json().error.message).toBe('This link is invalid or has already been used.');
    expect((await confirm(token)).json().error.message).toBe('This link is invalid or has already been used.');
  });
});
