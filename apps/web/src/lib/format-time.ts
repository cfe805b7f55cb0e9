// Times as every page writes them, in the viewer's time zone: "30 Nov 2026, 14:05 UTC", "30 Nov 2026", "30 November
// 2026". One British day-month-year order for everyone, so a date reads the same on every page and in every browser;
// a time names its zone, since mails about the same moment say UTC (decision 256).
export const dateTimeIn = (timeZone?: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
    timeZone,
  });
const dateTime = dateTimeIn();
const date = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

export const formatDateTime = (ms: number) => dateTime.format(ms);
export const formatDate = (ms: number) => date.format(ms);
export const formatLongDate = (ms: number) => longDate.format(ms);
