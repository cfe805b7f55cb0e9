import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '@accountry/shared/roles';
import { guardRoute } from '@accountry/shared/route-guard';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useSession } from '../../../lib/session';

/**
 * Route guard of spec section 6: signed-out users go to /signin?returnTo=…, unverified users to
 * /verification-sent, users without a required role to /. Admin passes every role check.
 */
export function RequireAuth({ roles, children }: { roles?: readonly Role[]; children: ReactNode }) {
  const { user, loading } = useSession();
  const location = useLocation();
  if (loading) return <PageSpinner label="Checking your session…" />;
  const decision = guardRoute(user, roles, location.pathname + location.search);
  if (!decision.allow) return <Navigate to={decision.redirectTo} replace />;
  return <>{children}</>;
}
