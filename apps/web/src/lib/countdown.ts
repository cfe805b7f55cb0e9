import { HOUR_MS } from '@accountry/shared/durations';

/** Whole units left until a due time, largest two units only, so a countdown reads "2 days 4 h" or "3 min 5 s". */
export function formatCountdown(msLeft: number): string {
  if (msLeft <= 0) return 'any moment now';
  const s = Math.ceil(msLeft / 1000);
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  if (days > 0) return `${days} ${days === 1 ? 'day' : 'days'}${hours ? ` ${hours} h` : ''}`;
  if (hours > 0) return `${hours} h${minutes ? ` ${minutes} min` : ''}`;
  if (minutes > 0) return `${minutes} min${seconds ? ` ${seconds} s` : ''}`;
  return `${seconds} s`;
}

/** How often a countdown needs to redraw: every second in its last hour, else every 30 seconds. */
export function countdownTick(msLeft: number): number {
  return msLeft <= HOUR_MS ? 1000 : 30_000;
}
