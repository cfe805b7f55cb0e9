import { SOCKET_CLOSE_REASONS } from '@accountry/shared/socket-protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MeResponse } from '@accountry/shared/auth';
import type { AppDeps } from '../../app';
import { AppError } from '../../lib/app-error';
import type { Database } from '../../db/database';
import { accountLock, lockKeys } from '../../db/key-lock';
import { endSession, startSession, timeoutFor } from '../../sessions/sessions.service';
import { authErrors } from './auth-errors';
import { passkeyErrors } from './passkey-errors';
import { recognizeDevice } from './known-devices';
import { toSessionUser } from './session-user';
import { findUserWithDeletionById, type UserWithDeletion } from './users.repository';
import { recordAccountEvent } from '../../lib/account-events';

/** Run a sign-in check; a failure that is not one of ours is logged and answered with the general message. */
export async function checkingSignIn<T>(request: FastifyRequest, check: () => Promise<T>) {
  try {
    return await check();
  } catch (err) {
    if (err instanceof AppError) throw err;
    request.log.error({ err }, 'sign-in failed');
    throw authErrors.signInFailed();
  }
}

/** What a sign-in was checked against: the password hash it matched, or the passkey that signed. */
export type SignInProof = { passwordHash: string; recoveryCode: boolean } | { passkeyId: string };

const signInEvent = (proof: SignInProof) =>
  'passkeyId' in proof ? 'signin_passkey' : proof.recoveryCode ? 'signin_recovery_code' : 'signin';

/**
 * Whether the proof still holds, read under the account's lock: a change that shut ways in (an address given back,
 * decision 177; a reset; a removed passkey) may have committed while the password hash was being checked.
 */
async function proofHolds(trx: Database, user: UserWithDeletion, proof: SignInProof) {
  const current = await findUserWithDeletionById(trx, user.id);
  if (!current || current.disabled || current.deletedStatus === 'unresolved' || current.email !== user.email)
    return false;
  if ('passwordHash' in proof) return current.passwordHash === proof.passwordHash;
  const passkey = await trx
    .selectFrom('passkeys')
    .select('id')
    .where('id', '=', proof.passkeyId)
    .where('userId', '=', user.id)
    .executeTakeFirst();
  return !!passkey;
}

/** The session of a member who just proved who they are (password or passkey), and what the sign-in routes answer. */
export async function startSignedInSession(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserWithDeletion,
  remember: boolean,
  proof: SignInProof,
): Promise<MeResponse> {
  // Signing in replaces whatever session this browser had.
  if (request.sessionId) await endSession(deps, request.sessionId);
  const now = deps.clock.now();
  const { endedSessionIds } = await deps.db.db.transaction().execute(async (trx) => {
    await lockKeys(trx, [accountLock(user.id)]);
    if (!(await proofHolds(trx, user, proof)))
      throw 'passwordHash' in proof ? authErrors.invalidCredentials() : passkeyErrors.unknown();
    const origin = { ip: request.ip, userAgent: request.headers['user-agent'] };
    await recordAccountEvent(trx, user.id, signInEvent(proof), now, origin);
    return startSession(
      trx,
      reply,
      { userId: user.id, remember, userAgent: request.headers['user-agent'] ?? '', ip: request.ip, now },
      deps.sessionSettings,
    );
  });
  // Past the cap, the least recently used sessions were signed out: their sockets close on every process.
  if (endedSessionIds.length > 0)
    await deps.hub.endSessions({ sessionIds: endedSessionIds, reason: SOCKET_CLOSE_REASONS.signedOut });
  await recognizeDevice(deps, request, reply, user.id, now);
  const { passwordHash: _hash, deletedStatus: _deleted, ...authUser } = user;
  return {
    user: toSessionUser({ ...authUser, lastActive: now }),
    timeoutMs: timeoutFor(remember, deps.sessionSettings),
    remember,
  };
}
