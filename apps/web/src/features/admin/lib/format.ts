import { DAY_MS, HOUR_MS, MINUTE_MS } from '@accountry/shared/durations';
import { formatDate } from '../../../lib/format-time';

export function formatPrice(cents: number, currency: string) {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(cents / 100);
}

/** "just now", "5 min ago", "3 h ago", else the date. */
export function formatAgo(ms: number, now = Date.now()) {
  const diff = now - ms;
  if (diff < MINUTE_MS) return 'just now';
  if (diff < HOUR_MS) return `${Math.floor(diff / MINUTE_MS)} min ago`;
  if (diff < DAY_MS) return `${Math.floor(diff / HOUR_MS)} h ago`;
  return formatDate(ms);
}
