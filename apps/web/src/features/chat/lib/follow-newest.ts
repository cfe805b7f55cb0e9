/**
 * When the history follows the newest message (decision 144). It follows from the start and keeps doing so until the
 * reader moves toward older messages; a change of layout (rows measured, a page going in above, a new message, the
 * box resized) never lets go of it, because none of those moves the box up without clamping it to the end.
 */

/** Within this of the end counts as at the newest (scroll positions are fractional on zoomed screens). */
export const AT_END_PX = 2;

export interface ScrollBox {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

export const fromEnd = (box: ScrollBox) => box.scrollHeight - box.clientHeight - box.scrollTop;

/**
 * Whether to follow the newest after a scroll event. `lastTop` is where the box stood after the previous scroll event
 * or the list's own write. At the end it follows, unless the reader is reaching up (their scroll has not moved the box
 * yet); a move up (a drag of the scrollbar, find-in-page, focus moving to an older message, a script) lets go;
 * anything else keeps what it was.
 */
export function followAfterScroll(following: boolean, box: ScrollBox, lastTop: number, reachingUp: boolean) {
  if (reachingUp) return false;
  if (fromEnd(box) <= AT_END_PX) return true;
  if (box.scrollTop < lastTop - 1) return false;
  return following;
}

/**
 * The reader reached to scroll toward older messages (wheel up, finger moving down, a key): let go at once, before the
 * box moves, so a change of size arriving meanwhile does not pull the view back down. A box that cannot move up keeps
 * following.
 */
export const followAfterReachingUp = (following: boolean, box: ScrollBox) => following && box.scrollTop <= 0;

/**
 * Whether the reader's reach up (wheel, key, finger) still holds after a scroll event: until their scroll ends or the
 * box moves down. Before it moves up, a scroll event at the end is the list's own last write or the first frame of a
 * smooth scroll, and following there would put the view back at the end and stop the scroll.
 */
export const stillReachingUp = (reachingUp: boolean, box: ScrollBox, lastTop: number) =>
  reachingUp && box.scrollTop <= lastTop + 1;

/** Keys that scroll a focused box toward the top. */
export const keyScrollsUp = (e: { key: string; shiftKey: boolean }) =>
  e.key === 'ArrowUp' || e.key === 'PageUp' || e.key === 'Home' || (e.key === ' ' && e.shiftKey);

/**
 * End (Ctrl+End too) goes to the newest message and follows it, at once. Left to the browser it is a smooth scroll
 * to where the end was when it started, which rows measured on the way (their estimates corrected) can move a few
 * pixels further, so it would stop just short of the end, not following.
 */
export const keyGoesToNewest = (e: { key: string; shiftKey: boolean; altKey: boolean }) =>
  e.key === 'End' && !e.shiftKey && !e.altKey;

/**
 * A rendered row: its key, its index in the history, where it starts in the scroll box and its height, and where its
 * message starts (below the day divider a row may carry, which moves to an older row when an older page goes in).
 */
export interface RowBox {
  key: string;
  index: number;
  top: number;
  height: number;
  message: number;
}

/**
 * Where the reader is, to keep them there: the row at the top of the view (and its index then), and the view's top
 * relative to the row's message.
 */
export interface Anchor {
  key: string;
  index: number;
  offset: number;
}

/** The first row (in order) that reaches below the view's top; null when every rendered row ends above it. */
export function anchorAt(rows: Iterable<RowBox>, scrollTop: number): Anchor | null {
  for (const row of rows)
    if (row.top + row.height > scrollTop) return { key: row.key, index: row.index, offset: scrollTop - row.message };
  return null;
}

/**
 * Whether to put the view back at the anchor now. Rows going in above it (an older page: its index changed) always;
 * while the reader scrolls, the few pixels rows drawn or measured differ from their estimate are left alone, since
 * writing the position would stop a smooth scroll (Home, a wheel notch) where it is.
 */
export const restoreAnchor = (anchor: Anchor, index: number, readerScrolling: boolean) =>
  index !== anchor.index || !readerScrolling;
