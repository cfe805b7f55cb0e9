import type { ReportTargetType } from '@accountry/shared/admin-reports';
import { CHAT_REPORT_REASON_LABELS } from '@accountry/shared/chat';
import { REPORT_REASON_LABELS } from '@accountry/shared/listing-detail';

const LABELS: Partial<Record<ReportTargetType, Record<string, string>>> = {
  listing: REPORT_REASON_LABELS,
  conversation: CHAT_REPORT_REASON_LABELS,
};

/** The label the reporter chose from ("Scam or fraud"), not the stored code; an unknown code shows as stored. */
export function reportReasonLabel(targetType: ReportTargetType, reason: string): string {
  return LABELS[targetType]?.[reason] ?? reason;
}

const TYPE_LABELS: Record<ReportTargetType, string> = {
  listing: 'Listing report',
  conversation: 'Conversation report',
  user: 'User report',
};

/** What a report is about, in words ("Listing report"); an unknown type shows as stored. */
export const reportTypeLabel = (targetType: ReportTargetType): string => TYPE_LABELS[targetType] ?? targetType;
