import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { TEST_PASSWORD, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { mailedSetupCode, twoFactorCall } from '../../test/two-factor-helpers';
import { uniqueEmail } from './auth-test-helpers';
import { PUBLIC_URL, newAuthenticator, passkeyPost, registrationOptions } from './passkeys-test-helpers';
import { totpCode } from './two-factor-codes';
import { enableTwoFactor } from './two-factor.service';

/**
 * Decision 172 (amended): once two-factor sign-in is on, nothing asked for with the password alone goes through, even
 * when it was turned on while the request was between its code check and its write.
 */
let ctx: TestContext;
let second: DatabaseHandle;
let interleave: Interleave;
useRaceTestApp((race) => ({ ctx, second, interleave } = race), { PUBLIC_URL });

const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app.';
const PASSKEY_EXPIRED = 'That took too long, or the request was already used. Try again.';

const post = (session: Session, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: session.headers, payload });

/** A member with a set-up pending, and how to turn it on from another connection (as another process would). */
async function memberAboutToTurnItOn() {
  const { user, session } = await userWithSession(ctx, 'buyer');
  const setup = await twoFactorCall(ctx, session, '/setup', { password: TEST_PASSWORD });
  expect(setup.statusCode, setup.body).toBe(200);
  const secret = (setup.json() as { secret: string }).secret;
  const emailCode = await mailedSetupCode(ctx, user.email);
  const { id: sessionId } = await ctx.db
    .selectFrom('sessions')
    .select('id')
    .where('userId', '=', user.id)
    .executeTakeFirstOrThrow();
  const turnOn = async () => {
    const code = totpCode(secret, ctx.clock.now());
    await enableTwoFactor({ ...ctx.deps, db: second }, user, sessionId, { code, emailCode }, '10.9.9.9');
  };
  return { user, session, turnOn };
}

const isOn = async (userId: string) =>
  (await ctx.db.selectFrom('twoFactor').select('enabledAt').where('userId', '=', userId).executeTakeFirst())
    ?.enabledAt != null;

describe('two-factor sign-in turned on while a password-only request is under way', () => {
  it('a new address asked for with the password alone is refused, and no link goes to it', async () => {
    const member = await memberAboutToTurnItOn();
    // The project's interleaving: the code check reads two_factor first; the enable commits on another connection.
    interleave.arm('two_factor', member.turnOn);
    const next = uniqueEmail('attacker');
    const asked = await post(member.session, '/api/profile/email', { email: next, password: TEST_PASSWORD });
    expect(await isOn(member.user.id)).toBe(true);
    expect(asked.statusCode, asked.body).toBe(400);
    expect(asked.json().error.fields).toEqual({ code: CODE_REQUIRED });
    expect(await ctx.mailsTo(next)).toHaveLength(0);
    const open = await ctx.db
      .selectFrom('authTokens')
      .select('id')
      .where('userId', '=', member.user.id)
      .where('purpose', '=', 'change_email')
      .where('usedAt', 'is', null)
      .execute();
    expect(open).toHaveLength(0);
    const row = await ctx.db.selectFrom('users').select('email').where('id', '=', member.user.id).executeTakeFirst();
    expect(row?.email).toBe(member.user.email);
  });

  it('a new password given with the password alone is refused', async () => {
    const member = await memberAboutToTurnItOn();
    const hashOf = async () =>
      (await ctx.db.selectFrom('users').select('passwordHash').where('id', '=', member.user.id).executeTakeFirst())
        ?.passwordHash;
    const before = await hashOf();
    // Same interleaving as above: the enable commits right after the code check read two-factor as off.
    interleave.arm('two_factor', member.turnOn);
    const payload = { currentPassword: TEST_PASSWORD, newPassword: 'another long passphrase 42' };
    const changed = await post(member.session, '/api/profile/password', payload);
    expect(await isOn(member.user.id)).toBe(true);
    expect(changed.statusCode, changed.body).toBe(400);
    expect(changed.json().error.fields).toEqual({ code: CODE_REQUIRED });
    expect(await hashOf()).toBe(before);
  });

  it('deleting the account with the password alone is refused', async () => {
    const member = await memberAboutToTurnItOn();
    // Same interleaving as above: the enable commits right after the code check read two-factor as off.
    interleave.arm('two_factor', member.turnOn);
    const deleted = await post(member.session, '/api/profile/delete', { password: TEST_PASSWORD });
    expect(await isOn(member.user.id)).toBe(true);
    expect(deleted.statusCode, deleted.body).toBe(400);
    expect(deleted.json().error.fields).toEqual({ code: CODE_REQUIRED });
    const gone = await ctx.db.selectFrom('deletedUsers').select('uid').where('uid', '=', member.user.id).execute();
    expect(gone).toHaveLength(0);
  });

  it('passkey options asked for with the password alone are refused, and leave no challenge', async () => {
    const member = await memberAboutToTurnItOn();
    // Same interleaving as above: the enable commits right after the code check read two-factor as off.
    interleave.arm('two_factor', member.turnOn);
    const asked = await passkeyPost(ctx, member.session, '/options', { password: TEST_PASSWORD });
    expect(await isOn(member.user.id)).toBe(true);
    expect(asked.statusCode, asked.body).toBe(400);
    expect(asked.json().error.fields).toEqual({ code: CODE_REQUIRED });
    const challenges = await ctx.db
      .selectFrom('passkeyChallenges')
      .select('challenge')
      .where('userId', '=', member.user.id)
      .execute();
    expect(challenges).toHaveLength(0);
  });
});

describe('two-factor sign-in turned on while a password-only passkey is being added', () => {
  it('a passkey whose challenge was handed out with the password alone is refused, and not kept', async () => {
    const member = await memberAboutToTurnItOn();
    const credential = newAuthenticator().register(await registrationOptions(ctx, member.session));
    // The finish spends its challenge before the account's lock: the enable commits then, and finds none to drop.
    interleave.arm('passkey_challenges', member.turnOn, 'delete');
    const added = await passkeyPost(ctx, member.session, '', { name: 'Sneaky', credential });
    expect(await isOn(member.user.id)).toBe(true);
    expect(added.statusCode, added.body).toBe(400);
    expect(added.json().error.fields).toEqual({ code: CODE_REQUIRED });
    const stored = await ctx.db.selectFrom('passkeys').select('id').where('userId', '=', member.user.id).execute();
    expect(stored).toHaveLength(0);
  });
});

describe('two-factor sign-in turned on after a password-only request', () => {
  it('a passkey challenge handed out with the password alone no longer adds a passkey', async () => {
    const { user, session } = await userWithSession(ctx, 'buyer');
    const options = await registrationOptions(ctx, session);
    const setup = await twoFactorCall(ctx, session, '/setup', { password: TEST_PASSWORD });
    const emailCode = await mailedSetupCode(ctx, user.email);
    const code = totpCode((setup.json() as { secret: string }).secret, ctx.clock.now());
    const enabled = await twoFactorCall(ctx, session, '/enable', { code, emailCode });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const credential = newAuthenticator().register(options);
    const added = await passkeyPost(ctx, session, '', { name: 'Sneaky', credential });
    expect(added.statusCode, added.body).toBe(400);
    expect(added.json().error.message).toBe(PASSKEY_EXPIRED);
    const stored = await ctx.db.selectFrom('passkeys').select('id').where('userId', '=', user.id).execute();
    expect(stored).toHaveLength(0);
  });
});
