import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { hasRequiredRole, type Role } from '@accountry/shared/roles';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useSession } from '../hooks/use-session';

/**
 * Route guard of spec section 6: signed-out users go to /signin?returnTo=…, unverified users to
 * /verification-sent, users without a required role to /. Admin passes every role check.
 */
export function RequireAuth({ roles, children }: { roles?: readonly Role[]; children: ReactNode }) {
  const { user, loading } = useSession();
  const location = useLocation();
  if (loading) return <PageSpinner label="Checking your session…" />;
  if (!user) {
    const returnTo = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/signin?returnTo=${returnTo}`} replace />;
  }
  if (!user.emailVerified) return <Navigate to="/verification-sent" replace />;
  if (!hasRequiredRole(user.role, roles)) return <Navigate to="/" replace />;
  return <>{children}</>;
}
