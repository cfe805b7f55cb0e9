import { describe, expect, it } from 'vitest';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { TestAuthenticator, type AuthenticateOverrides, type RegisterOverrides } from './passkey-authenticator';

const origin = 'http://localhost:3000';
const rpID = 'localhost';

async function registrationOptions(excludeCredentials: { id: string }[] = []) {
  return generateRegistrationOptions({
    rpName: 'Accountry',
    rpID,
    userName: 'buyer@example.com',
    userID: new TextEncoder().encode('user-1'),
    attestationType: 'none',
    excludeCredentials,
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

async function register(authenticator: TestAuthenticator, overrides?: RegisterOverrides) {
  const options = await registrationOptions();
  const response = authenticator.register(options, overrides);
  const result = await verifyRegistrationResponse({
    response,
    expectedChallenge: options.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  });
  return { options, response, result };
}

/** Registers a passkey the way the server will, returning what it would store. */
async function storedCredential(authenticator: TestAuthenticator, overrides?: RegisterOverrides) {
  const { result } = await register(authenticator, overrides);
  if (!result.verified) throw new Error('registration was not verified');
  return result.registrationInfo.credential;
}

async function signIn(
  authenticator: TestAuthenticator,
  credential: WebAuthnCredential,
  overrides?: AuthenticateOverrides,
  allowCredentials: { id: string }[] = [],
) {
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'required', allowCredentials });
  const response: AuthenticationResponseJSON = authenticator.authenticate(options, overrides);
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: options.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential,
    requireUserVerification: true,
  });
  return { response, result };
}

describe('TestAuthenticator', () => {
  it('registers a synced passkey that the library verifies', async () => {
    const authenticator = new TestAuthenticator({ origin, rpId: rpID });
    const { options, response, result } = await register(authenticator);
    expect(result.verified).toBe(true);
    if (!result.verified) return;
    const info = result.registrationInfo;
    expect(info.credential.id).toBe(response.id);
    expect(info.credential.counter).toBe(0);
    expect(info.credential.transports).toEqual(['internal', 'hybrid']);
    expect(info.fmt).toBe('none');
    expect(info.aaguid).toBe('00000000-0000-0000-0000-000000000000');
    expect(info.userVerified).toBe(true);
    expect(info.credentialDeviceType).toBe('multiDevice');
    expect(info.credentialBackedUp).toBe(true);
    expect(response.authenticatorAttachment).toBe('platform');
    expect(authenticator.credentialIds()).toEqual([response.id]);
    expect(authenticator.credential(response.id).userHandle).toBe(options.user.id);
  });

  it('signs in with a discoverable credential', async () => {
    const authenticator = new TestAuthenticator({ origin, rpId: rpID });
    const credential = await storedCredential(authenticator);
    const { response, result } = await signIn(authenticator, credential);
    expect(result.verified).toBe(true);
    expect(result.authenticationInfo.newCounter).toBe(0);
    expect(response.id).toBe(credential.id);
    expect(isoBase64URL.toUTF8String(response.response.userHandle!)).toBe('user-1');
  });

  it('uses the credential named in allowCredentials or overrides', async () => {
    const authenticator = new TestAuthenticator({ origin, rpId: rpID });
    const first = await storedCredential(authenticator);
    const second = await storedCredential(authenticator);
    expect((await signIn(authenticator, second)).response.id).toBe(second.id);
    expect((await signIn(authenticator, first, {}, [{ id: first.id }])).result.verified).toBe(true);
    expect((await signIn(authenticator, first, { credentialId: first.id })).result.verified).toBe(true);
  });

  it('omits or replaces the user handle on request', async () => {
    const authenticator = new TestAuthenticator({ origin, rpId: rpID });
    const credential = await storedCredential(authenticator);
    expect((await signIn(authenticator, credential, { userHandle: null })).response.response).not.toHaveProperty(
      'userHandle',
    );
    const other = isoBase64URL.fromUTF8String('user-2');
    expect((await signIn(authenticator, credential, { userHandle: other })).response.response.userHandle).toBe(other);
  });

  it('fails verification for a foreign origin, rp id, missing UV or the wrong key', async () => {
    const authenticator = new TestAuthenticator({ origin, rpId: rpID });
    const credential = await storedCredential(authenticator);
    const other = await storedCredential(authenticator);

    await expect(register(authenticator, { origin: 'https://evil.example' })).rejects.toThrow(/origin/);
    await expect(register(authenticator, { rpId: 'evil.example' })).rejects.toThrow(/RP ID hash/);
    await expect(register(authenticator, { userVerified: false })).rejects.toThrow(/User verification/);

    await expect(signIn(authenticator, credential, { origin: 'https://evil.example' })).rejects.toThrow(/origin/);
    await expect(signIn(authenticator, credential, { rpId: 'evil.example' })).rejects.toThrow(/RP ID hash/);
    await expect(signIn(authenticator, credential, { userVerified: false })).rejects.toThrow(/User verification/);
    await expect(signIn(authenticator, credential, { userPresent: false })).rejects.toThrow(/User not present/);
    await expect(signIn(authenticator, credential, { type: 'webauthn.create' })).rejects.toThrow(/type/);
    await expect(signIn(authenticator, credential, { challenge: 'c3RhbGU' })).rejects.toThrow(/challenge/);

    const forged = await signIn(authenticator, credential, { credentialId: credential.id, signWith: other.id });
    expect(forged.result.verified).toBe(false);
  });

  it('refuses to register again when a held credential is excluded', async () => {
    const authenticator = new TestAuthenticator({ origin, rpId: rpID });
    const credential = await storedCredential(authenticator);
    const options = await registrationOptions([{ id: credential.id }]);
    expect(() => authenticator.register(options)).toThrow(expect.objectContaining({ name: 'InvalidStateError' }));
    expect(authenticator.credentialIds()).toEqual([credential.id]);
  });

  it('refuses an rp id the origin may not use, and sign-in without a credential', async () => {
    const authenticator = new TestAuthenticator({ origin, rpId: rpID });
    const options = await generateRegistrationOptions({ rpName: 'Accountry', rpID: 'example.com', userName: 'a@b.c' });
    expect(() => authenticator.register(options)).toThrow(expect.objectContaining({ name: 'SecurityError' }));
    const request = await generateAuthenticationOptions({ rpID, allowCredentials: [] });
    expect(() => authenticator.authenticate(request)).toThrow(expect.objectContaining({ name: 'NotAllowedError' }));
  });

  it('counts uses of a counting credential and the library rejects a replayed counter', async () => {
    const authenticator = new TestAuthenticator({ origin, rpId: rpID });
    const credential = await storedCredential(authenticator, { counting: true });
    const first = await signIn(authenticator, credential);
    expect(first.result.authenticationInfo.newCounter).toBe(1);
    credential.counter = first.result.authenticationInfo.newCounter;
    const second = await signIn(authenticator, credential);
    expect(second.result.authenticationInfo.newCounter).toBe(2);
    credential.counter = second.result.authenticationInfo.newCounter;
    await expect(signIn(authenticator, credential, { counter: 2 })).rejects.toThrow(/counter/);
  });
});
