import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '@accountry/shared/auth';
import { AUTH_FALLBACK_MESSAGES } from '@accountry/shared/auth-messages';
import { unauthorized } from '../../lib/app-error';
import { requireUser, type AuthUser } from '../../plugins/auth';

/** The user as the API shows them (spec field names; never the password hash). */
export function toSessionUser(u: AuthUser): SessionUser {
  return {
    uid: u.id,
    email: u.email,
    displayName: u.displayName,
    phoneNumber: u.phoneNumber,
    role: u.role,
    createdAt: u.createdAt,
    lastActive: u.lastActive,
    profileComplete: u.profileComplete,
    emailVerified: u.emailVerified,
  };
}

/** The signed-in user, or 401 with the spec's "No user is currently signed in" (or the inactivity message). */
export function requireSignedIn(request: FastifyRequest): AuthUser {
  if (!request.user && !request.sessionExpired) throw unauthorized(AUTH_FALLBACK_MESSAGES.noUser);
  return requireUser(request);
}
