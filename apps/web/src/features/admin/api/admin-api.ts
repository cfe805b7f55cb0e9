import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { AuditFacets, AuditEntryView } from '@accountry/shared/admin-audit';
import type { Dashboard } from '@accountry/shared/admin-dashboard';
import type { AdminListing } from '@accountry/shared/admin-listings';
import type { DeclineListingReview } from '@accountry/shared/listing-review-requests';
import type {
  AdminFeedback,
  AdminReport,
  AdminReportDetail,
  ReportCounts,
  ReviewInput,
} from '@accountry/shared/admin-reports';
import type { AdminUserDetail, AdminUserSummary } from '@accountry/shared/admin-users';
import type { Role } from '@accountry/shared/roles';
import { api, ApiRequestError, toQuery } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import type { AccountActivity } from '@accountry/shared/account-activity';

type Params = Record<string, string | number | undefined>;
type Page<T> = { items: T[]; nextCursor: string | null };

/** Every admin query key starts with 'admin', so one invalidation refreshes the area after an action. */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: (p: Params) => ['admin', 'dashboard', p] as const,
  users: (p: Params) => ['admin', 'users', p] as const,
  user: (id: string) => ['admin', 'user', id] as const,
  listings: (p: Params) => ['admin', 'listings', p] as const,
  reports: (p: Params) => ['admin', 'reports', p] as const,
  report: (id: string) => ['admin', 'report', id] as const,
  reportCounts: ['admin', 'report-counts'] as const,
  feedback: (p: Params) => ['admin', 'feedback', p] as const,
  audit: (p: Params) => ['admin', 'audit', p] as const,
  auditFacets: ['admin', 'audit-facets'] as const,
};

export const adminApi = {
  dashboard: (p: Params) => api<Dashboard>(`/api/admin/dashboard${toQuery(p)}`),
  users: (p: Params) => api<Page<AdminUserSummary>>(`/api/admin/users${toQuery(p)}`),
  user: (id: string) => api<AdminUserDetail>(`/api/admin/users/${encodeURIComponent(id)}`),
  setRole: (id: string, role: Role) =>
    api<AdminUserDetail>(`/api/admin/users/${encodeURIComponent(id)}/role`, { method: 'PUT', body: { role } }),
  userAction: (id: string, action: 'disable' | 'enable' | 'delete' | 'restore', reason?: string) =>
    api<AdminUserDetail>(`/api/admin/users/${encodeURIComponent(id)}/${action}`, { body: reason ? { reason } : {} }),
  userActivity: (id: string, cursor?: string) =>
    api<AccountActivity>(`/api/admin/users/${encodeURIComponent(id)}/activity${toQuery({ cursor })}`),
  turnOffTwoFactor: (id: string, reason: string) =>
    api<AdminUserDetail>(`/api/admin/users/${encodeURIComponent(id)}/two-factor/disable`, { body: { reason } }),
  listings: (p: Params) => api<Page<AdminListing>>(`/api/admin/listings${toQuery(p)}`),
  hideListing: (id: string, reason: string) =>
    api<AdminListing>(`/api/admin/listings/${encodeURIComponent(id)}/hide`, { body: { reason } }),
  unhideListing: (id: string) =>
    api<AdminListing>(`/api/admin/listings/${encodeURIComponent(id)}/unhide`, { method: 'POST' }),
  /** The listing its seller asked to be looked at again stays hidden, with this reason now (decision 259). */
  declineListingReview: (id: string, input: DeclineListingReview) =>
    api<AdminListing>(`/api/admin/listings/${encodeURIComponent(id)}/review-request/decline`, { body: input }),
  deleteListing: (id: string, reason?: string) =>
    api<AdminListing>(`/api/admin/listings/${encodeURIComponent(id)}/delete`, { body: reason ? { reason } : {} }),
  reports: (p: Params) => api<Page<AdminReport>>(`/api/admin/reports${toQuery(p)}`),
  report: (id: string) => api<AdminReportDetail>(`/api/admin/reports/${encodeURIComponent(id)}`),
  reviewReport: (id: string, input: ReviewInput) =>
    api<AdminReportDetail>(`/api/admin/reports/${encodeURIComponent(id)}`, { method: 'PATCH', body: input }),
  reportCounts: () => api<ReportCounts>('/api/admin/reports/counts'),
  feedback: (p: Params) => api<Page<AdminFeedback>>(`/api/admin/feedback${toQuery(p)}`),
  feedbackItem: (id: string) => api<AdminFeedback>(`/api/admin/feedback/${encodeURIComponent(id)}`),
  reviewFeedback: (id: string, input: ReviewInput) =>
    api<AdminFeedback>(`/api/admin/feedback/${encodeURIComponent(id)}`, { method: 'PATCH', body: input }),
  audit: (p: Params) => api<Page<AuditEntryView>>(`/api/admin/audit${toQuery(p)}`),
  auditFacets: () => api<AuditFacets>('/api/admin/audit/facets'),
};

/** A keyset-paged admin list: pages follow nextCursor; "Load more" fetches the next. */
export function useAdminList<T>(key: QueryKey, fetchPage: (cursor: string | undefined) => Promise<Page<T>>) {
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // While a changed filter loads, keep showing the previous results instead of a spinner.
    placeholderData: keepPreviousData,
  });
  return { ...query, items: query.data?.pages.flatMap((p) => p.items) ?? [] };
}

/** For an action run from a ConfirmDialog's `onConfirm`: the dialog shows every refusal itself, so none is toasted. */
export const shownInDialog = () => true;

/**
 * An admin action: shows the outcome as a toast and refreshes every admin view (counts, lists, the log). `shownInForm`
 * names the errors its form shows itself (besides field errors), which then get no toast: `shownInDialog` for all.
 */
export function useAdminAction<I, O>(
  fn: (input: I) => Promise<O>,
  success: string | ((out: O) => string),
  shownInForm: (err: Error) => boolean = () => false,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (out) => {
      toast.success(typeof success === 'function' ? success(out) : success);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    // Field errors show next to their field; anything else as a toast, unless the form or dialog shows it.
    onError: async (err) => {
      if (!(err instanceof ApiRequestError && Object.keys(err.fields).length) && !shownInForm(err))
        toast.error(err.message);
      // A 409 says the page decided on a state someone else changed since: show the state as it is now.
      if (err instanceof ApiRequestError && err.status === 409)
        await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
