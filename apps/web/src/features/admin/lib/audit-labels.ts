import { ADMIN_ACTIONS } from '@accountry/shared/admin-audit';

const LABELS: Record<string, string> = {
  [ADMIN_ACTIONS.userRole]: 'Changed role',
  [ADMIN_ACTIONS.userDisable]: 'Disabled account',
  [ADMIN_ACTIONS.userTwoFactorOff]: 'Turned off two-factor sign-in',
  [ADMIN_ACTIONS.userActivityView]: 'Read security activity',
  [ADMIN_ACTIONS.userEnable]: 'Enabled account',
  [ADMIN_ACTIONS.userDelete]: 'Deleted account',
  [ADMIN_ACTIONS.userRestore]: 'Restored account',
  [ADMIN_ACTIONS.listingHide]: 'Hid listing',
  [ADMIN_ACTIONS.listingUnhide]: 'Unhid listing',
  [ADMIN_ACTIONS.listingDelete]: 'Deleted listing',
  [ADMIN_ACTIONS.listingReviewDecline]: 'Kept listing hidden after review',
  [ADMIN_ACTIONS.reportReview]: 'Reviewed report',
  [ADMIN_ACTIONS.feedbackReview]: 'Reviewed rate-us submission',
  // Actions other features record, by the names they record them under.
  'announcement.create': 'Created announcement',
  'announcement.update': 'Edited announcement',
  'announcement.delete': 'Deleted announcement',
  'announcement.recall': 'Recalled announcement',
  'announcement.send': 'Sent announcement',
  'order.refund': 'Decided dispute: full refund',
  'order.partial_refund': 'Decided dispute: partial refund',
  'order.release': 'Decided dispute: paid the seller',
  'order.credentials_reveal': 'Read order credentials',
  'order.dispute_statement': 'Posted dispute statement',
  'order.dispute_evidence': 'Uploaded dispute evidence',
  'order.chargeback_recovery': 'Recovered chargeback',
  'order.refund_retry': 'Retried card refund at Stripe',
  'order.refund_settle': 'Recorded card refund as paid back',
  'payout.paid': 'Marked payout paid',
  'payout.reference_correct': 'Corrected transfer reference',
  'payout.reject': 'Rejected payout',
  'payout.details_reveal': 'Showed payout details',
  'balance.credit': 'Changed balance',
};

/** A readable name for an audit action; one without a label shows as recorded. */
export const actionLabel = (action: string) => LABELS[action] ?? action;

const TARGET_TYPES: Record<string, string> = {
  user: 'User',
  listing: 'Listing',
  order: 'Order',
  report: 'Report',
  feedback: 'Rate-us submission',
  announcement: 'Announcement',
};

/** What an audit entry was on, in words: "Order: Steam account", or its kind alone when nothing names it. */
export function targetText(targetType: string, targetName: string | null) {
  const kind = TARGET_TYPES[targetType] ?? targetType;
  if (targetName === null) return kind;
  return targetType === 'user' || targetType === 'listing' ? targetName : `${kind}: ${targetName}`;
}

/** Where an audit target lives in the admin area, when it has a page. */
export function targetLink(targetType: string, targetId: string) {
  if (targetType === 'user') return `/admin/users/${targetId}`;
  if (targetType === 'report') return `/admin/reports/${targetId}`;
  if (targetType === 'order') return `/admin/orders/${targetId}`;
  if (targetType === 'listing') return `/admin/listings?q=${encodeURIComponent(targetId)}`;
  return null;
}
