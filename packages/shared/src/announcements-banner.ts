/**
 * Spec section 2: after dismissing the one at `index`, show the next one, or the previous one if it was the last,
 * or nothing (null: hide the banner) when none remain. `remaining` is the count after the dismissal.
 */
export function indexAfterDismiss(index: number, remaining: number): number | null {
  if (remaining <= 0) return null;
  return Math.min(index, remaining - 1);
}

/** "N of M" for the banner counter. */
export const bannerCounter = (index: number, total: number) => `${index + 1} of ${total}`;

/** Keep showing the same announcement after a refresh when it is still there; otherwise stay in range. */
export function indexAfterRefresh(currentId: string | null, index: number, ids: readonly string[]): number {
  if (ids.length === 0) return 0;
  const same = currentId ? ids.indexOf(currentId) : -1;
  if (same >= 0) return same;
  return Math.min(Math.max(index, 0), ids.length - 1);
}
