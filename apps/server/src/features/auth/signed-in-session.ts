import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MeResponse } from '@accountry/shared/auth';
import type { AppDeps } from '../../app';
import { AppError } from '../../lib/app-error';
import { endSession, startSession, timeoutFor } from '../../sessions/sessions.service';
import { authErrors } from './auth-errors';
import { recognizeDevice } from './known-devices';
import { toSessionUser } from './session-user';
import type { UserWithDeletion } from './users.repository';

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

/** The session of a member who just proved who they are (password or passkey), and what the sign-in routes answer. */
export async function startSignedInSession(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserWithDeletion,
  remember: boolean,
): Promise<MeResponse> {
  // Signing in replaces whatever session this browser had.
  if (request.sessionId) await endSession(deps, request.sessionId);
  const now = deps.clock.now();
  await startSession(
    deps.db.db,
    reply,
    { userId: user.id, remember, userAgent: request.headers['user-agent'] ?? '', ip: request.ip, now },
    deps.sessionSettings,
  );
  await recognizeDevice(deps, request, reply, user.id, now);
  const { passwordHash: _hash, deletedStatus: _deleted, ...authUser } = user;
  return {
    user: toSessionUser({ ...authUser, lastActive: now }),
    timeoutMs: timeoutFor(remember, deps.sessionSettings),
    remember,
  };
}
