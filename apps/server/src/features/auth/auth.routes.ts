import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meResponseSchema, type SessionUser } from '@accountry/shared/auth';
import type { AppDeps } from '../../app';
import type { AuthUser } from '../../plugins/auth';
import { timeoutFor } from './sessions.service';

export function toSessionUser(u: AuthUser): SessionUser {
  return {
    uid: u.id, email: u.email, displayName: u.displayName, phoneNumber: u.phoneNumber, role: u.role, createdAt: u.createdAt,
    lastActive: u.lastActive, profileComplete: u.profileComplete, emailVerified: u.emailVerified,
  };
}

export function authRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/auth/me', { schema: { tags: ['auth'], response: { 200: meResponseSchema } } }, async (request) => ({
      user: request.user ? toSessionUser(request.user) : null,
      timeoutMs: request.user ? timeoutFor(request.sessionRemember, deps.sessionSettings) : null,
      remember: request.sessionRemember,
    }));
  };
}
