import { ADMIN_ACTIONS } from '@accountry/shared/admin-audit';
import { REPORT_STATUS_LABELS } from '@accountry/shared/admin-reports';
import { ROLE_LABELS } from '@accountry/shared/admin-users';
import { AUDIENCE_LABELS, SEVERITY_LABELS, STATUS_LABELS } from '@accountry/shared/announcements';
import { LISTING_STATUS_LABELS } from '@accountry/shared/listings';
import { formatCents } from '@accountry/shared/wallet';
import { formatDateTime } from '../../../lib/format-time';

/** One readable piece of an audit entry's details: "Amount: $25.50"; `to` makes it a link (ids show only as links). */
export interface DetailPart {
  label: string;
  text: string;
  to?: string;
}

type Labels = Record<string, string>;
const money = (v: unknown) => (typeof v === 'number' ? (v < 0 ? `−${formatCents(-v)}` : formatCents(v)) : String(v));
const named = (labels: Labels) => (v: unknown) => labels[String(v)] ?? String(v);

/** What "from" and "to" name in each action: a role, a report's status or a listing's status. */
function statusLabels(action: string): { label: string; labels: Labels } {
  if (action === ADMIN_ACTIONS.userRole) return { label: 'Role', labels: ROLE_LABELS };
  if (action === ADMIN_ACTIONS.reportReview || action === ADMIN_ACTIONS.feedbackReview)
    return { label: 'Status', labels: REPORT_STATUS_LABELS };
  return { label: 'Listing status', labels: LISTING_STATUS_LABELS };
}

// Counts shown only when something was counted: "Listings hidden: 0" says nothing.
const COUNTS: Record<string, string> = {
  hiddenListings: 'Listings hidden',
  restoredListings: 'Listings shown again',
  canceledOrders: 'Orders canceled',
  refundedOrders: 'Orders refunded',
  userCount: 'Sent to members',
};

const FIELDS: Record<string, { label: string; text: (v: unknown) => string }> = {
  reason: { label: 'Reason', text: String },
  note: { label: 'Note', text: String },
  reference: { label: 'Transfer reference', text: String },
  previousReference: { label: 'Transfer reference before', text: String },
  // The admin was warned that another payout has the reference, and recorded it anyway (decision 188).
  duplicateReferenceConfirmed: { label: 'Also on another payout', text: () => 'Recorded anyway' },
  // The admin was warned that the member's balance no longer covered what chargebacks hold, and paid anyway (204).
  chargebackHeldCents: { label: 'Held for chargebacks', text: (v) => `${money(v)}, marked paid anyway` },
  amountCents: { label: 'Amount', text: money },
  refundCents: { label: 'Refund', text: money },
  title: { label: 'Title', text: String },
  // Stripe's id of a chargeback's dispute, to find it in Stripe's dashboard (decision 183).
  chargebackId: { label: 'Stripe dispute', text: String },
  // A card refund Stripe refused and an admin settled (decision 095): which, Stripe's words, and how it was paid back.
  refundKey: { label: 'Card refund', text: String },
  stripeError: { label: "Stripe's answer", text: String },
  settlementReference: { label: 'Paid back', text: String },
  coveredByChargebackCents: { label: "Returned by the bank's chargeback", text: money },
  severity: { label: 'Severity', text: named(SEVERITY_LABELS) },
  status: { label: 'Announcement status', text: named(STATUS_LABELS) },
  previousStatus: { label: 'Announcement status before', text: named(STATUS_LABELS) },
  expiresAt: { label: 'Expires', text: (v) => (typeof v === 'number' ? formatDateTime(v) : 'Never') },
  targetUsers: {
    label: 'Audience',
    text: (v) =>
      v && typeof v === 'object' && 'specific' in v
        ? `${String(v.specific)} chosen members`
        : named(AUDIENCE_LABELS as Labels)(v),
  },
};

/** "hiddenListings" → "Hidden listings": a key no one labelled still reads as words. */
const words = (key: string) => {
  const spaced = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

/** An audit entry's details as labelled, formatted parts: money as money, statuses and roles by their labels. */
export function auditDetails(action: string, details: Record<string, unknown>): DetailPart[] {
  const parts: DetailPart[] = [];
  const shown = Object.entries(details).filter(([, v]) => v !== '' && v !== null && v !== undefined);
  const has = (k: string) => shown.some(([key]) => key === k);
  if (has('from') || has('to')) {
    const { label, labels } = statusLabels(action);
    const from = details.from === undefined ? null : named(labels)(details.from);
    const to = details.to === undefined ? null : named(labels)(details.to);
    parts.push({ label, text: from && to ? `${from} → ${to}` : (to ?? `was ${from}`) });
  }
  for (const [key, value] of shown) {
    if (key === 'from' || key === 'to') continue;
    if (key in COUNTS) {
      if (value !== 0) parts.push({ label: COUNTS[key]!, text: String(value) });
    } else if (key === 'payoutId') {
      const status = action === 'payout.reject' ? 'rejected' : 'paid';
      parts.push({ label: 'Payout', text: 'in the payouts list', to: `/admin/payouts?status=${status}` });
    } else if (key === 'memberId') {
      parts.push({
        label: 'Taken from',
        text: 'their user page',
        to: `/admin/users/${encodeURIComponent(String(value))}`,
      });
    } else if (key in FIELDS) parts.push({ label: FIELDS[key]!.label, text: FIELDS[key]!.text(value) });
    else parts.push({ label: words(key), text: typeof value === 'object' ? JSON.stringify(value) : String(value) });
  }
  return parts;
}

/** The same parts in one line of plain text: "Amount: $25.50 · Reason: Bank transfer ref 123". */
export const auditDetailsText = (action: string, details: Record<string, unknown>) =>
  auditDetails(action, details)
    .map((p) => `${p.label}: ${p.text}`)
    .join(' · ');
