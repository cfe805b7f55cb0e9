import { formatDate } from '../../../lib/format-time';

export function formatPrice(cents: number, currency: string) {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(cents / 100);
}

/** "just now", "5 min ago", "3 h ago", else the date. */
export function formatAgo(ms: number, now = Date.now()) {
  const diff = now - ms;
  if (diff < 60_000) return 'just now';
  if (diff < 3_600_000) return `${Math.floor(diff / 60_000)} min ago`;
  if (diff < 86_400_000) return `${Math.floor(diff / 3_600_000)} h ago`;
  return formatDate(ms);
}
