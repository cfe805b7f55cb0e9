import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_WAITING_CHANGED,
  ADMIN_WAITING_LINKS as L,
  ADMIN_WAITING_ROUTE,
  WAITING_REPORT_KINDS,
  adminWaitingOrders,
  adminWaitingReports,
  adminWaitingTotal,
  type AdminWaiting,
} from '@accountry/shared/admin-waiting';
import { api } from '../../lib/api';

/** Under 'admin', so every admin action's refresh (useAdminAction invalidates ['admin']) recounts it too. */
export const adminWaitingKey = ['admin', 'waiting'] as const;

/**
 * What waits for an admin's action (decision 186): disputes, payouts, chargebacks (open or to recover), card refunds
 * Stripe refused, disputes of refunded payments, hidden listings to review again (decision 259), reports.
 */
export function useAdminWaiting(enabled: boolean) {
  return useQuery({
    queryKey: adminWaitingKey,
    queryFn: () => api<AdminWaiting>(ADMIN_WAITING_ROUTE),
    enabled,
    // No polling: the server says when new work came in (useAdminWaitingLive), and the tab asks when it is back.
    refetchOnWindowFocus: true,
  });
}

/** Pushes that arrive this close together (several server processes, say) cost one recount. */
const RECOUNT_AFTER_MS = 200;

/**
 * Recounts when the server says what waits for admins changed (decision 189), and when the socket is back after a gap
 * (pushes may have been missed). Mounted once, in the header; the other counts share its query.
 */
export function useAdminWaitingLive(isAdmin: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!isAdmin) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const recount = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void client.invalidateQueries({ queryKey: adminWaitingKey });
      }, RECOUNT_AFTER_MS);
    };
    let offs: Array<() => void> = [];
    let gone = false;
    // Loaded for admins only: the header is on every page, and a visitor's first page does not need the socket client.
    void import('../../lib/realtime').then(({ realtime }) => {
      if (!gone) offs = [realtime.on(ADMIN_WAITING_CHANGED, recount), realtime.onResume(recount)];
    });
    return () => {
      gone = true;
      offs.forEach((off) => off());
      clearTimeout(timer);
    };
  }, [client, isAdmin]);
}

/**
 * The admin orders list a count leads to: disputes to decide first, then chargebacks, then disputes of refunded
 * payments (their evidence is due before the bank decides), then refunds Stripe refused (a buyer waits for that
 * money), then chargebacks to recover.
 */
export const adminOrdersTo = (w: AdminWaiting | undefined) =>
  w?.disputes
    ? L.disputes
    : w?.chargebacks
      ? L.chargebacks
      : w?.refundedPaymentDisputes
        ? L.refundedPaymentDisputes
        : w?.refusedRefunds
          ? L.refusedRefunds
          : w?.chargebacksToRecover
            ? L.chargebacksToRecover
            : '/admin/orders';

/** The reports tab that has open reports. */
export function adminReportsTo(w: AdminWaiting | undefined) {
  const type = w && WAITING_REPORT_KINDS.find((t) => w.reports[t] > 0);
  return type ? L.reports(type) : '/admin/reports';
}

/** Each admin section's count and the list it leads to; sections with no work to count are absent. */
export function adminSectionTasks(w: AdminWaiting | undefined): Record<string, { count: number; to: string }> {
  return {
    '/admin/orders': { count: adminWaitingOrders(w), to: adminOrdersTo(w) },
    '/admin/listings': { count: w?.listingReviews ?? 0, to: L.listingReviews },
    '/admin/payouts': { count: w?.payouts ?? 0, to: L.payouts },
    '/admin/reports': { count: adminWaitingReports(w), to: adminReportsTo(w) },
  };
}

/**
 * The total the Admin link of the header and the phone menu carries; it opens the admin area, whose sections each
 * carry their own count and lead to their list (as the account menu's button and items do, decision 181).
 */
export function useAdminTotal(isAdmin: boolean) {
  return adminWaitingTotal(useAdminWaiting(isAdmin).data);
}
