/** Rows rendered beyond the visible ones on each side, so fast scrolls and Tab never land on a blank. */
export const ADMIN_OVERSCAN = 8;

/** Load the next keyset page once the last loaded row is within the rendered window (the overscan). */
export function shouldLoadMore(lastRenderedIndex: number, loaded: number, hasMore: boolean, fetching: boolean) {
  return hasMore && !fetching && loaded > 0 && lastRenderedIndex >= loaded - 1;
}

/** Heights of the blank space above and below the rendered rows, so the scrollbar matches the whole list. */
export function spacers(range: { start: number; end: number } | null, total: number) {
  if (!range) return { before: 0, after: 0 };
  return { before: Math.max(0, range.start), after: Math.max(0, total - range.end) };
}

/**
 * Home and End in a windowed list's scroll box, done by the virtualizer: the browser's own animated scroll is cut short
 * when rows drawn for the first time differ from their estimated height and the virtualizer corrects the offset.
 */
export function edgeOfKey(event: { key: string; altKey: boolean; metaKey: boolean; shiftKey: boolean }) {
  if (event.altKey || event.metaKey || event.shiftKey) return null;
  return event.key === 'Home' ? 'start' : event.key === 'End' ? 'end' : null;
}
