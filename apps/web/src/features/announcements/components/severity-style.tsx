import { IconAlertCircle, IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { Severity } from '@accountry/shared/announcements';

/** Spec section 2: error red, warning yellow, success green, info (and anything else) blue. */
export const SEVERITY_STYLE: Record<Severity, { color: string; Icon: typeof IconInfoCircle }> = {
  error: { color: 'red', Icon: IconAlertCircle },
  warning: { color: 'yellow', Icon: IconAlertTriangle },
  success: { color: 'green', Icon: IconCircleCheck },
  info: { color: 'blue', Icon: IconInfoCircle },
};

export const severityStyle = (s: string) => SEVERITY_STYLE[s as Severity] ?? SEVERITY_STYLE.info;
