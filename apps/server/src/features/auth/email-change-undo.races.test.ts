import { describe, expect, it } from 'vitest';
import { untilLockWaitOr } from '../../test/lock-waits';
import type { DatabaseHandle } from '../../db/database';
import { moveAddress } from '../../test/email-change-helpers';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { TEST_PASSWORD, createPeerApp, testEngine, userWithSession, type TestContext } from '../../test/test-app';
import { undoEmailChange } from './email-change-undo.service';
import { post, signInVia, tokenFrom, uniqueEmail } from './auth-test-helpers';
import { mailedSetupCode } from '../../test/two-factor-helpers';
import { totpCode } from './two-factor-codes';
import { newAuthenticator, passkeyPost, registrationOptions, signInWithPasskey } from './passkeys-test-helpers';
import { settleAfterReplies } from '../../lib/after-reply';

/**
 * Requests already past their checks when the owner's undo commits (decision 177): none may leave the one who moved
 * the account a way back in. The undo runs on a second connection, as another process would; on SQLite one
 * connection runs one statement at a time, so the undo cannot be staged between a request's statements there (each
 * check below is in the same transaction as its write, which SQLite runs alone).
 */
const pg = testEngine === 'postgres';
let interleave: Interleave;
let ctx: TestContext;
let second: DatabaseHandle;
useRaceTestApp((race) => ({ ctx, second, interleave } = race), { PUBLIC_URL: 'https://market.example' });

const OWNER = 'Owner-Again-2026';
const undo = (token: string) =>
  undoEmailChange({ ...ctx.deps, db: second }, token, OWNER).then(
    () => 'undone',
    (e: Error) => e.message,
  );
/** Run the undo when the request first reads `table`, after its password check. */
function undoWhenRead(table: string, token: string) {
  const done: { result?: string } = {};
  interleave.arm(table, async () => {
    done.result = await undo(token);
  });
  return done;
}
const sessionsOf = (userId: string) =>
  ctx.db.selectFrom('sessions').select('id').where('userId', '=', userId).execute();
const emailOf = async (userId: string) =>
  (await ctx.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;

describe.runIf(pg)('requests in flight when the address is given back', () => {
  it('a sign-in with the old password checked before the undo gets no session', async () => {
    const m = await userWithSession(ctx, 'buyer');
    const taker = uniqueEmail('taker');
    const token = await moveAddress(ctx, m.session, m.user.id, taker);
    const undone = undoWhenRead('two_factor', token);
    const signIn = await signInVia(ctx, taker, TEST_PASSWORD);
    expect(undone.result).toBe('undone');
    expect(signIn.statusCode).toBe(401);
    expect(await sessionsOf(m.user.id)).toEqual([]);
  });

  it('a passkey sign-in checked before the undo gets no session', async () => {
    const m = await userWithSession(ctx, 'buyer');
    const token = await moveAddress(ctx, m.session, m.user.id, uniqueEmail('taker'));
    const auth = newAuthenticator();
    const options = await registrationOptions(ctx, m.session);
    expect(
      (await passkeyPost(ctx, m.session, '', { name: 'Theirs', credential: auth.register(options) })).statusCode,
    ).toBe(201);
    const undone = undoWhenRead('users', token);
    const signIn = await signInWithPasskey(ctx, auth);
    expect(undone.result).toBe('undone');
    expect(signIn.statusCode).toBe(401);
    expect(await sessionsOf(m.user.id)).toEqual([]);
  });

  it('a passkey being added when the undo starts is not kept', async () => {
    const m = await userWithSession(ctx, 'buyer');
    const token = await moveAddress(ctx, m.session, m.user.id, uniqueEmail('taker'));
    const auth = newAuthenticator();
    const credential = auth.register(await registrationOptions(ctx, m.session));
    // The add holds the account's lock when the undo starts: the undo waits for it, then removes the passkey.
    let undone: Promise<string> | undefined;
    interleave.arm('passkeys', async () => {
      undone = undo(token);
      await untilLockWaitOr(ctx.db, undone);
    });
    await passkeyPost(ctx, m.session, '', { name: 'Theirs', credential });
    expect(await undone).toBe('undone');
    expect(await ctx.db.selectFrom('passkeys').select('id').where('userId', '=', m.user.id).execute()).toEqual([]);
    expect((await signInWithPasskey(ctx, auth)).statusCode).toBe(401);
  });

  it('a reset asked for the address the undo takes away mails no link', async () => {
    const m = await userWithSession(ctx, 'buyer');
    const taker = uniqueEmail('taker');
    const token = await moveAddress(ctx, m.session, m.user.id, taker);
    const undone = undoWhenRead('users', token);
    const asked = await post(ctx, '/api/auth/password-reset/request', { email: taker });
    // The link is made after the reply (decision 227): the undo commits when that work first reads the account.
    await settleAfterReplies(ctx.deps);
    expect(undone.result).toBe('undone');
    expect(asked.statusCode).toBe(200);
    expect((await ctx.mailsTo(taker)).filter((mail) => mail.text.includes('/reset-password?token='))).toEqual([]);
  });

  it('a change of address or password asked for with the old session is refused', async () => {
    const m = await userWithSession(ctx, 'buyer');
    const token = await moveAddress(ctx, m.session, m.user.id, uniqueEmail('taker'));
    const elsewhere = uniqueEmail('elsewhere');
    const undone = undoWhenRead('two_factor', token);
    const asked = await post(ctx, '/api/profile/email', { email: elsewhere, password: TEST_PASSWORD }, m.session);
    expect(undone.result).toBe('undone');
    expect(asked.statusCode).toBe(401);
    expect(await ctx.mailsTo(elsewhere)).toEqual([]);

    const n = await userWithSession(ctx, 'buyer');
    const again = await moveAddress(ctx, n.session, n.user.id, uniqueEmail('taker'));
    const second = undoWhenRead('two_factor', again);
    const changed = await post(
      ctx,
      '/api/profile/password',
      { currentPassword: TEST_PASSWORD, newPassword: 'Taker-Keeps-It-1' },
      n.session,
    );
    expect(second.result).toBe('undone');
    expect(changed.statusCode).toBe(401);
    expect((await signInVia(ctx, n.user.email, 'Taker-Keeps-It-1')).statusCode).toBe(401);
    expect((await signInVia(ctx, n.user.email, OWNER)).statusCode).toBe(200);
  });

  it('two-factor sign-in being turned on with the old session stays off', async () => {
    const m = await userWithSession(ctx, 'buyer');
    const taker = uniqueEmail('taker');
    const token = await moveAddress(ctx, m.session, m.user.id, taker);
    const setup = await post(ctx, '/api/profile/two-factor/setup', { password: TEST_PASSWORD }, m.session);
    const { secret } = setup.json() as { secret: string };
    const emailCode = await mailedSetupCode(ctx, taker);
    const undone = undoWhenRead('two_factor', token);
    const on = await post(
      ctx,
      '/api/profile/two-factor/enable',
      { code: totpCode(secret, ctx.clock.now()), emailCode },
      m.session,
    );
    expect(undone.result).toBe('undone');
    expect(on.statusCode).toBe(401);
    const key = await ctx.db.selectFrom('twoFactor').select('enabledAt').where('userId', '=', m.user.id).execute();
    expect(key.filter((k) => k.enabledAt !== null)).toEqual([]);
  });

  it('a change confirmed while the undo runs: one waits for the other, neither fails', async () => {
    const peer = await createPeerApp(ctx);
    try {
      const m = await userWithSession(ctx, 'buyer');
      const token = await moveAddress(ctx, m.session, m.user.id, uniqueEmail('taker'));
      const next = uniqueEmail('next');
      await post(ctx, '/api/profile/email', { email: next, password: TEST_PASSWORD }, m.session);
      const link = tokenFrom(await ctx.lastMail(next), '/confirm-email');
      let undone: Promise<{ statusCode: number }> | undefined;
      interleave.arm('users', async () => {
        undone = peer.app.inject({
          method: 'POST',
          url: '/api/auth/undo-email-change',
          payload: { token, password: OWNER },
        });
        await untilLockWaitOr(ctx.db, undone);
      });
      const confirmed = await post(ctx, '/api/auth/confirm-email-change', { token: link });
      expect(confirmed.statusCode).toBe(200);
      expect((await undone!).statusCode).toBe(200);
      expect(await emailOf(m.user.id)).toBe(m.user.email);
    } finally {
      await peer.close();
    }
  });
});
