/**
 * When a limit counted over a window lets a member try again, in words that read the same in every time zone:
 * "Try again in 40 minutes.", "Try again in 6 hours." Rounded up, so trying at the time said works.
 */
export function tryAgainIn(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  if (minutes < 60) return `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  const hours = Math.ceil(minutes / 60);
  return `Try again in ${hours} hour${hours === 1 ? '' : 's'}.`;
}
