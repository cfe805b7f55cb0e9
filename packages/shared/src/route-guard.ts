import { hasRequiredRole, type Role } from './roles';
import { signInPathFor } from './return-to';

export type GuardResult = { allow: true } | { allow: false; redirectTo: string };

/**
 * Spec section 6, the route guard: signed-out users go to /signin?returnTo=<path and query>, an unverified e-mail
 * goes to /verification-sent, a missing role to /. Admin passes every role check; only admin holds 'admin'.
 */
export function guardRoute(
  user: { role: Role; emailVerified: boolean } | null,
  required: readonly Role[] | undefined,
  pathWithQuery: string,
): GuardResult {
  if (!user) return { allow: false, redirectTo: signInPathFor(pathWithQuery) };
  if (!user.emailVerified) return { allow: false, redirectTo: '/verification-sent' };
  if (!hasRequiredRole(user.role, required)) return { allow: false, redirectTo: '/' };
  return { allow: true };
}
