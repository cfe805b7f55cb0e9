import { ADMIN_ACTIONS } from '@accountry/shared/admin-audit';

const LABELS: Record<string, string> = {
  [ADMIN_ACTIONS.userRole]: 'Changed role',
  [ADMIN_ACTIONS.userDisable]: 'Disabled account',
  [ADMIN_ACTIONS.userTwoFactorOff]: 'Turned off two-factor sign-in',
  [ADMIN_ACTIONS.userEnable]: 'Enabled account',
  [ADMIN_ACTIONS.userDelete]: 'Deleted account',
  [ADMIN_ACTIONS.userRestore]: 'Restored account',
  [ADMIN_ACTIONS.listingHide]: 'Hid listing',
  [ADMIN_ACTIONS.listingUnhide]: 'Unhid listing',
  [ADMIN_ACTIONS.listingDelete]: 'Deleted listing',
  [ADMIN_ACTIONS.reportReview]: 'Reviewed report',
  [ADMIN_ACTIONS.feedbackReview]: 'Reviewed rate-us submission',
};

/** A readable name for an audit action; actions of other features show as recorded. */
export const actionLabel = (action: string) => LABELS[action] ?? action;

/** "from: buyer, to: seller" — the details object in one line. */
export function detailsText(details: Record<string, unknown>) {
  return Object.entries(details)
    .filter(([, v]) => v !== '' && v !== null && v !== undefined)
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(', ');
}

/** Where an audit target lives in the admin area, when it has a page. */
export function targetLink(targetType: string, targetId: string) {
  if (targetType === 'user') return `/admin/users/${targetId}`;
  if (targetType === 'report') return `/admin/reports/${targetId}`;
  if (targetType === 'order') return `/admin/orders/${targetId}`;
  if (targetType === 'listing') return `/admin/listings?q=${encodeURIComponent(targetId)}`;
  return null;
}
