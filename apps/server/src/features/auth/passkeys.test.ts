import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  createTestApp,
  insertDeletedUser,
  userWithSession,
  type TestContext,
} from '../../test/test-app';
import { SESSION_COOKIE } from '@accountry/shared/constants';
import {
  PUBLIC_URL,
  addPasskey,
  newAuthenticator,
  passkeyPost,
  registrationOptions,
  signInOptions,
  signInWithPasskey,
} from './passkeys-test-helpers';
import { post } from './auth-test-helpers';
import { mailTo, memberWithTwoFactor, nextCode } from '../../test/two-factor-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL });
});
afterAll(() => ctx.close());

const list = async (headers: Record<string, string>) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/profile/passkeys', headers })).json();

describe('adding a passkey', () => {
  it('takes the password, keeps the public key, lists it and mails the owner', async () => {
    const { user, session } = await userWithSession(ctx, 'seller');
    expect(await list(session.headers)).toEqual({ passkeys: [] });
    const wrong = await passkeyPost(ctx, session, '/options', { password: 'Not-The-Password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: 'Your current password is incorrect.' });

    const options = await registrationOptions(ctx, session);
    expect(options.rp).toEqual({ name: 'Accountry', id: 'market.example' });
    expect(options.user.name).toBe(user.email);
    // The handle the authenticator keeps is the account id, not the address.
    expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(user.id);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });

    const authenticator = newAuthenticator();
    const credential = authenticator.register(options);
    const added = await passkeyPost(ctx, session, '', { name: '  Work laptop ', credential });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().passkey).toEqual({
      id: expect.any(String),
      name: 'Work laptop',
      createdAt: ctx.clock.now(),
      lastUsedAt: null,
      synced: true,
    });
    expect((await list(session.headers)).passkeys).toEqual([added.json().passkey]);
    const row = await ctx.db.selectFrom('passkeys').selectAll().where('userId', '=', user.id).executeTakeFirstOrThrow();
    expect(row.credentialId).toBe(credential.id);
    expect(row.counter).toBe(0);
    const mail = await mailTo(ctx, user.email, 'A passkey was added to your Accountry account');
    expect(mail?.text).toContain('The passkey “Work laptop” was added to your account.');

    // The next options exclude it, so the browser will not make a second one on the same authenticator.
    const again = await registrationOptions(ctx, session);
    expect(again.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([credential.id]);
    expect(() => authenticator.register(again)).toThrow();
  });

  it('refuses a response sent twice, another member’s challenge, another site and a key without verification', async () => {
    const { session } = await userWithSession(ctx, 'buyer');
    const options = await registrationOptions(ctx, session);
    const credential = newAuthenticator().register(options);
    expect((await passkeyPost(ctx, session, '', { name: 'Phone', credential })).statusCode).toBe(201);
    const replay = await passkeyPost(ctx, session, '', { name: 'Phone', credential });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toMatchObject({
      code: 'PASSKEY_EXPIRED',
      message: 'That took too long, or the request was already used. Try again.',
    });

    // A challenge handed to one member does not register a key for another.
    const other = await userWithSession(ctx, 'buyer');
    const stolen = newAuthenticator().register(await registrationOptions(ctx, session));
    expect((await passkeyPost(ctx, other.session, '', { name: 'Phone', credential: stolen })).json().error.code).toBe(
      'PASSKEY_EXPIRED',
    );

    for (const overrides of [
      { origin: 'https://market.example.evil' },
      { rpId: 'evil.example' },
      { userVerified: false },
    ]) {
      const res = await addPasskey(ctx, session, newAuthenticator(), { overrides });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'PASSKEY_NOT_VERIFIED',
        message: 'This passkey could not be checked. Try again, or use another one.',
      });
    }
    expect((await list(session.headers)).passkeys).toHaveLength(1);
  });

  it('keeps only the newest confirmation: a second one (a double click) replaces the first', async () => {
    const { session } = await userWithSession(ctx, 'buyer');
    const first = await registrationOptions(ctx, session);
    const second = await registrationOptions(ctx, session);
    const stale = await passkeyPost(ctx, session, '', {
      name: 'Phone',
      credential: newAuthenticator().register(first),
    });
    expect(stale.json().error.code).toBe('PASSKEY_EXPIRED');
    const fresh = await passkeyPost(ctx, session, '', {
      name: 'Phone',
      credential: newAuthenticator().register(second),
    });
    expect(fresh.statusCode).toBe(201);
  });

  it('expires a challenge after five minutes', async () => {
    const { session } = await userWithSession(ctx, 'buyer');
    const options = await registrationOptions(ctx, session);
    ctx.clock.advance(5 * 60_000 + 1);
    const res = await passkeyPost(ctx, session, '', {
      name: 'Phone',
      credential: newAuthenticator().register(options),
    });
    expect(res.json().error.code).toBe('PASSKEY_EXPIRED');
  });

  it('keeps at most ten a member, and validates the name', async () => {
    const { session } = await userWithSession(ctx, 'buyer');
    for (let i = 0; i < 10; i++) expect((await addPasskey(ctx, session, newAuthenticator())).statusCode).toBe(201);
    const full = await passkeyPost(ctx, session, '/options', { password: TEST_PASSWORD });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe(
      'An account can have up to 10 passkeys. Remove one you no longer use first.',
    );
    const other = await userWithSession(ctx, 'buyer');
    const options = await registrationOptions(ctx, other.session);
    const credential = newAuthenticator().register(options);
    for (const name of ['', '   ', 'x'.repeat(61)]) {
      const res = await passkeyPost(ctx, other.session, '', { name, credential });
      expect(res.statusCode).toBe(400);
      expect(Object.values(res.json().error.fields)).toEqual([
        name.trim() ? 'Keep the name to 60 characters or fewer.' : 'Give the passkey a name.',
      ]);
    }
  });

  it('needs a session, and a code when two-factor sign-in is on', async () => {
    const anonymous = await post(ctx, '/api/profile/passkeys/options', { password: TEST_PASSWORD });
    expect(anonymous.statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile/passkeys' })).statusCode).toBe(401);

    const { user, session, key } = await memberWithTwoFactor(ctx);
    const noCode = await passkeyPost(ctx, session, '/options', { password: TEST_PASSWORD });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error.fields).toEqual({ code: 'Enter the 6-digit code from your authenticator app.' });
    const wrongCode = await passkeyPost(ctx, session, '/options', { password: TEST_PASSWORD, code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().error.fields.code).toMatch(/^That code is not right\./);
    const options = await registrationOptions(ctx, session, { code: nextCode(ctx, key) });
    const authenticator = newAuthenticator();
    const added = await passkeyPost(ctx, session, '', { name: 'Phone', credential: authenticator.register(options) });
    expect(added.statusCode).toBe(201);
    // The passkey is both factors: no code is asked when signing in with it.
    const signedIn = await signInWithPasskey(ctx, authenticator);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user.uid).toBe(user.id);
  });
});

describe('the admin user page', () => {
  it('says how many passkeys sign in to the account', async () => {
    const { user, session } = await userWithSession(ctx, 'buyer');
    const admin = await userWithSession(ctx, 'admin');
    const detail = async () =>
      (
        await ctx.app.inject({ method: 'GET', url: `/api/admin/users/${user.id}`, headers: admin.session.headers })
      ).json();
    expect((await detail()).passkeys).toBe(0);
    expect((await addPasskey(ctx, session, newAuthenticator())).statusCode).toBe(201);
    expect((await addPasskey(ctx, session, newAuthenticator())).statusCode).toBe(201);
    expect((await detail()).passkeys).toBe(2);
  });
});

describe('renaming and removing a passkey', () => {
  it('renames with the session, removes with the password, mails the owner, and then it no longer signs in', async () => {
    const { user, session } = await userWithSession(ctx, 'buyer');
    const authenticator = newAuthenticator();
    const { id } = (await addPasskey(ctx, session, authenticator)).json().passkey;
    const rename = (name: string, headers = session.headers, passkeyId = id) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/profile/passkeys/${passkeyId}`, headers, payload: { name } });
    const renamed = await rename('Old phone');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().passkey.name).toBe('Old phone');

    // Another member can neither rename nor remove it.
    const other = await userWithSession(ctx, 'buyer');
    const foreign = await rename('Mine now', other.session.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('That passkey was not found.');
    const foreignRemove = await passkeyPost(ctx, other.session, `/${id}/remove`, { password: TEST_PASSWORD });
    expect(foreignRemove.statusCode).toBe(404);

    const wrong = await passkeyPost(ctx, session, `/${id}/remove`, { password: 'Not-The-Password-1' });
    expect(wrong.statusCode).toBe(400);
    expect((await list(session.headers)).passkeys).toHaveLength(1);
    expect((await passkeyPost(ctx, session, `/${id}/remove`, { password: TEST_PASSWORD })).statusCode).toBe(204);
    expect((await list(session.headers)).passkeys).toEqual([]);
    const mail = await mailTo(ctx, user.email, 'A passkey was removed from your Accountry account');
    expect(mail?.text).toContain('The passkey “Old phone” was removed from your account.');
    expect((await signInWithPasskey(ctx, authenticator)).json().error.code).toBe('PASSKEY_UNKNOWN');
    expect((await rename('Again')).statusCode).toBe(404);
  });
});

describe('signing in with a passkey', () => {
  it('starts a session without the password, records the use and the browser', async () => {
    const { user, session } = await userWithSession(ctx, 'seller');
    const authenticator = newAuthenticator();
    expect((await addPasskey(ctx, session, authenticator)).statusCode).toBe(201);
    const options = await signInOptions(ctx);
    expect(options).toMatchObject({ rpId: 'market.example', userVerification: 'required' });
    // No list: the authenticator offers the accounts it holds for the site.
    expect(options.allowCredentials ?? []).toEqual([]);
    ctx.clock.advance(1000);
    const res = await post(ctx, '/api/auth/passkey', {
      credential: authenticator.authenticate(options),
      remember: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { uid: user.id, email: user.email }, remember: true });
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.value).toBeTruthy();
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      cookies: { [SESSION_COOKIE]: cookie!.value },
    });
    expect(me.json().user.uid).toBe(user.id);
    expect((await list(session.headers)).passkeys[0].lastUsedAt).toBe(ctx.clock.now());
  });

  it('works once per challenge, and refuses an unknown key, a wrong signature, another account and no verification', async () => {
    const { session } = await userWithSession(ctx, 'buyer');
    const authenticator = newAuthenticator();
    expect((await addPasskey(ctx, session, authenticator)).statusCode).toBe(201);
    const credential = authenticator.authenticate(await signInOptions(ctx));
    expect((await post(ctx, '/api/auth/passkey', { credential })).statusCode).toBe(200);
    const replay = await post(ctx, '/api/auth/passkey', { credential });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('PASSKEY_EXPIRED');

    const unknown = await signInWithPasskey(ctx, newAuthenticatorWithKey());
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toEqual({
      code: 'PASSKEY_UNKNOWN',
      message:
        'This passkey is not registered with Accountry. Sign in with your email and password, then add it from your ' +
        'profile.',
    });

    // Another member's key on the same authenticator cannot sign for this one.
    const other = await userWithSession(ctx, 'buyer');
    const second = newAuthenticator();
    expect((await addPasskey(ctx, other.session, second)).statusCode).toBe(201);
    const [mine] = authenticator.credentialIds();
    const forged = authenticator.authenticate(await signInOptions(ctx), { credentialId: mine });
    forged.response.signature = second.authenticate(await signInOptions(ctx)).response.signature;
    expect((await post(ctx, '/api/auth/passkey', { credential: forged })).json().error.code).toBe(
      'PASSKEY_NOT_VERIFIED',
    );
    const wrongHandle = await signInWithPasskey(ctx, authenticator, {
      userHandle: Buffer.from(other.user.id).toString('base64url'),
    });
    expect(wrongHandle.json().error.code).toBe('PASSKEY_NOT_VERIFIED');
    for (const overrides of [
      { userVerified: false },
      { origin: 'https://evil.example' },
      { type: 'webauthn.create' },
    ]) {
      const res = await signInWithPasskey(ctx, authenticator, overrides);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('PASSKEY_NOT_VERIFIED');
    }
  });

  it('refuses a counter that goes back: a cloned security key', async () => {
    const { session } = await userWithSession(ctx, 'buyer');
    const authenticator = newAuthenticator();
    expect((await addPasskey(ctx, session, authenticator, { overrides: { counting: true } })).statusCode).toBe(201);
    expect((await signInWithPasskey(ctx, authenticator)).statusCode).toBe(200);
    expect((await signInWithPasskey(ctx, authenticator)).statusCode).toBe(200);
    const cloned = await signInWithPasskey(ctx, authenticator, { counter: 1 });
    expect(cloned.json().error.code).toBe('PASSKEY_NOT_VERIFIED');
  });

  it('tells a disabled, deleted or unverified account so, as the password sign-in does', async () => {
    for (const [over, code] of [
      [{ disabled: true }, 'ACCOUNT_DISABLED'],
      [{ emailVerified: false }, 'EMAIL_UNVERIFIED'],
      ['deleted', 'ACCOUNT_DELETED'],
    ] as const) {
      const { user, session } = await userWithSession(ctx, 'buyer');
      const authenticator = newAuthenticator();
      expect((await addPasskey(ctx, session, authenticator)).statusCode).toBe(201);
      if (over === 'deleted') await insertDeletedUser(ctx.db, user);
      else await ctx.db.updateTable('users').set(over).where('id', '=', user.id).execute();
      const res = await signInWithPasskey(ctx, authenticator);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe(code);
    }
  });
});

/** An authenticator holding a key this site never saw. */
function newAuthenticatorWithKey() {
  const authenticator = newAuthenticator();
  authenticator.register({ challenge: 'AAAA', rp: { id: 'market.example' }, user: { id: 'c29tZW9uZQ' } });
  return authenticator;
}

describe('malformed and borrowed credentials', () => {
  const withChallenge = (clientDataJSON: string, challenge: string) => {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString());
    return Buffer.from(JSON.stringify({ ...data, challenge })).toString('base64url');
  };

  it('refuses a challenge that is not one we could have made, before any lookup', async () => {
    const { session } = await userWithSession(ctx, 'buyer');
    const authenticator = newAuthenticator();
    expect((await addPasskey(ctx, session, authenticator)).statusCode).toBe(201);
    for (const challenge of ['\u0000', 'short', 'x'.repeat(201), 'not base64url!']) {
      const credential = authenticator.authenticate(await signInOptions(ctx));
      credential.response.clientDataJSON = withChallenge(credential.response.clientDataJSON, challenge);
      const signIn = await post(ctx, '/api/auth/passkey', { credential });
      expect(signIn.statusCode).toBe(400);
      expect(signIn.json().error.code).toBe('PASSKEY_NOT_VERIFIED');
      const made = newAuthenticator().register(await registrationOptions(ctx, session));
      made.response.clientDataJSON = withChallenge(made.response.clientDataJSON, challenge);
      const add = await passkeyPost(ctx, session, '', { name: 'Phone', credential: made });
      expect(add.statusCode).toBe(400);
      expect(add.json().error.code).toBe('PASSKEY_NOT_VERIFIED');
    }
  });

  it('refuses a credential id longer than WebAuthn allows, or other than the one the browser names', async () => {
    const { session } = await userWithSession(ctx, 'buyer');
    const long = newAuthenticator().register(await registrationOptions(ctx, session), { rawId: randomBytes(1024) });
    expect((await passkeyPost(ctx, session, '', { name: 'Key', credential: long })).json().error.code).toBe(
      'PASSKEY_NOT_VERIFIED',
    );
    const renamed = newAuthenticator().register(await registrationOptions(ctx, session));
    const other = { ...renamed, id: 'AAAA', rawId: 'AAAA' };
    expect((await passkeyPost(ctx, session, '', { name: 'Key', credential: other })).json().error.code).toBe(
      'PASSKEY_NOT_VERIFIED',
    );
    expect((await list(session.headers)).passkeys).toEqual([]);
  });

  it('does not tell a member that another account holds a credential id', async () => {
    const owner = await userWithSession(ctx, 'buyer');
    const authenticator = newAuthenticator();
    expect((await addPasskey(ctx, owner.session, authenticator)).statusCode).toBe(201);
    const [taken] = authenticator.credentialIds();
    const { session } = await userWithSession(ctx, 'buyer');
    const copy = newAuthenticator().register(await registrationOptions(ctx, session), {
      rawId: Buffer.from(taken, 'base64url'),
    });
    const res = await passkeyPost(ctx, session, '', { name: 'Copy', credential: copy });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('PASSKEY_NOT_VERIFIED');
  });
});

describe('passkeys under parallel requests', () => {
  it('signs in once when the same response is sent five times at once', async () => {
    const { session } = await userWithSession(ctx, 'buyer');
    const authenticator = newAuthenticator();
    expect((await addPasskey(ctx, session, authenticator)).statusCode).toBe(201);
    const credential = authenticator.authenticate(await signInOptions(ctx));
    const replies = await Promise.all(Array.from({ length: 5 }, () => post(ctx, '/api/auth/passkey', { credential })));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
  });

  it('adds one passkey at the tenth place when the same key is sent twice at once', async () => {
    const { session } = await userWithSession(ctx, 'buyer');
    for (let i = 0; i < 9; i++) expect((await addPasskey(ctx, session, newAuthenticator())).statusCode).toBe(201);
    const credential = newAuthenticator().register(await registrationOptions(ctx, session));
    const replies = await Promise.all([1, 2].map(() => passkeyPost(ctx, session, '', { name: 'Tablet', credential })));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect((await list(session.headers)).passkeys).toHaveLength(10);
  });
});
