/** A time in a mail, whose reader's time zone is unknown: "November 30, 2026 at 4:05 PM", to be followed by "(UTC)". */
export const mailTime = (at: number) =>
  new Date(at).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
