import { expect } from 'vitest';
import { TEST_PASSWORD, type Session, type TestContext } from '../../test/test-app';
import {
  TestAuthenticator,
  type AuthenticateOverrides,
  type RegisterOverrides,
} from '../../test/passkey-authenticator';
import { post } from './auth-test-helpers';

/** Helpers for the passkey tests: the endpoints, driven by a software authenticator, as a browser would. */

export const PUBLIC_URL = 'https://market.example';
export const newAuthenticator = () => new TestAuthenticator({ origin: PUBLIC_URL, rpId: 'market.example' });

export const passkeyPost = (ctx: TestContext, session: Session, url: string, payload: object) =>
  post(ctx, `/api/profile/passkeys${url}`, payload, { headers: session.headers });

export async function registrationOptions(ctx: TestContext, session: Session, extra: object = {}) {
  const res = await passkeyPost(ctx, session, '/options', { password: TEST_PASSWORD, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().options;
}

/** Ask for options, let the authenticator make a key, and send it: the reply of POST /api/profile/passkeys. */
export async function addPasskey(
  ctx: TestContext,
  session: Session,
  authenticator: TestAuthenticator,
  { name = 'My laptop', overrides }: { name?: string; overrides?: RegisterOverrides } = {},
) {
  const options = await registrationOptions(ctx, session);
  return passkeyPost(ctx, session, '', { name, credential: authenticator.register(options, overrides) });
}

export async function signInOptions(ctx: TestContext, ip?: string) {
  const res = await post(ctx, '/api/auth/passkey/options', {}, { ip });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().options;
}

/** A whole passkey sign-in from a browser without a session. */
export async function signInWithPasskey(
  ctx: TestContext,
  authenticator: TestAuthenticator,
  overrides?: AuthenticateOverrides,
  extra: object = {},
) {
  const credential = authenticator.authenticate(await signInOptions(ctx), overrides);
  return post(ctx, '/api/auth/passkey', { credential, ...extra });
}
