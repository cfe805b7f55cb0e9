import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, AuthenticatorTransport } from '@simplewebauthn/server';
import type { AppDeps } from '../../app';
import { authErrors } from './auth-errors';
import { passkeyErrors } from './passkey-errors';
import { CHALLENGE_MS, handOutChallenge, relyingParty, spendSignedChallenge, userHandleOf } from './passkey-ceremony';
import { findPasskeyByCredential, markPasskeyUsed } from './passkeys.repository';
import { findUserWithDeletionById } from './users.repository';

/** The browser's `get()` options for a sign-in with any passkey of this site (the authenticator offers the account). */
export async function passkeySignInOptions(deps: AppDeps) {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps).rpId,
    userVerification: 'required',
    timeout: CHALLENGE_MS,
  });
  await handOutChallenge(deps.db.db, options.challenge, 'signin', null, deps.clock.now());
  return { options: options as unknown as Record<string, unknown> };
}

/**
 * A passkey signs in on its own: the authenticator checked the person (fingerprint, face or screen lock: user
 * verification is required) and holds the key, so it counts as both factors and no code is asked. Then the account's
 * state is checked as for a password sign-in.
 */
export async function checkPasskeySignIn(deps: AppDeps, credential: AuthenticationResponseJSON) {
  const db = deps.db.db;
  const now = deps.clock.now();
  const { challenge } = await spendSignedChallenge(db, credential.response.clientDataJSON, 'signin', null, now);
  const passkey = await findPasskeyByCredential(db, credential.id);
  if (!passkey) throw passkeyErrors.unknown();
  // The account the authenticator says the key is for must be the one it was added to.
  const handle = credential.response.userHandle;
  if (handle !== undefined && handle !== userHandleOf(passkey.userId)) throw passkeyErrors.notVerified();
  const { origin, rpId } = relyingParty(deps);
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpId,
      requireUserVerification: true,
      credential: {
        id: passkey.credentialId,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
        transports: JSON.parse(passkey.transports) as AuthenticatorTransport[],
      },
    });
    if (!result.verified) throw passkeyErrors.notVerified();
    newCounter = result.authenticationInfo.newCounter;
  } catch (err) {
    deps.log.info({ err: (err as Error).message, passkeyId: passkey.id }, 'a passkey sign-in was refused');
    throw passkeyErrors.notVerified();
  }
  if (!(await markPasskeyUsed(db, passkey.id, passkey.counter, newCounter, now))) throw passkeyErrors.notVerified();
  const user = await findUserWithDeletionById(db, passkey.userId);
  if (!user || user.deletedStatus === 'unresolved') throw authErrors.deleted();
  if (user.disabled) throw authErrors.disabled();
  if (!user.emailVerified) throw authErrors.unverified();
  return { user, passkeyId: passkey.id };
}
