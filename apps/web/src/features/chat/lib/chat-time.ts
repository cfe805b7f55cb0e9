import dayjs from 'dayjs';

/** Short time for the conversation list: 14:05 today, Yesterday, Mon within a week, else 12 Mar. */
export function listTime(ms: number, now = Date.now()) {
  const d = dayjs(ms);
  const today = dayjs(now).startOf('day');
  if (d.isAfter(today)) return d.format('HH:mm');
  if (d.isAfter(today.subtract(1, 'day'))) return 'Yesterday';
  if (d.isAfter(today.subtract(6, 'day'))) return d.format('ddd');
  return d.isSame(dayjs(now), 'year') ? d.format('D MMM') : d.format('D MMM YYYY');
}

export function dayLabel(ms: number, now = Date.now()) {
  const d = dayjs(ms);
  const today = dayjs(now).startOf('day');
  if (d.isAfter(today)) return 'Today';
  if (d.isAfter(today.subtract(1, 'day'))) return 'Yesterday';
  return d.isSame(dayjs(now), 'year') ? d.format('dddd, D MMMM') : d.format('D MMMM YYYY');
}

export const clockTime = (ms: number) => dayjs(ms).format('HH:mm');

/** "Online", "Last seen 5 minutes ago", "Last seen yesterday at 14:05". */
export function presenceLabel(online: boolean, lastSeen: number | null, now = Date.now()) {
  if (online) return 'Online';
  if (!lastSeen) return '';
  const minutes = Math.floor((now - lastSeen) / 60_000);
  if (minutes < 1) return 'Last seen just now';
  if (minutes < 60) return `Last seen ${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24 && dayjs(lastSeen).isSame(dayjs(now), 'day'))
    return `Last seen ${hours} hour${hours === 1 ? '' : 's'} ago`;
  const d = dayjs(lastSeen);
  if (d.isSame(dayjs(now).subtract(1, 'day'), 'day')) return `Last seen yesterday at ${d.format('HH:mm')}`;
  return `Last seen ${d.format('D MMM YYYY')}`;
}
