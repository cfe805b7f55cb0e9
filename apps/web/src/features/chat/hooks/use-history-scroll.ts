import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  anchorAt,
  followAfterReachingUp,
  followAfterScroll,
  keyGoesToNewest,
  keyScrollsUp,
  restoreAnchor,
  stillReachingUp,
  type Anchor,
  type RowBox,
} from '../lib/follow-newest';

type OffsetListener = (offset: number, isScrolling: boolean) => void;

interface Follow {
  /** Following the newest: every change of size puts the view back at the end. */
  following: boolean;
  /** Not following: the row to keep in place when rows change above it (index -1: placed by estimate so far). */
  anchor: Anchor | null;
  /** The box's position after the last scroll event or write of our own. */
  lastTop: number;
  /** The position last given to the virtualizer. */
  reported: number | null;
  /** The reader (not the list) moved the box, and that scroll has not ended yet. */
  scrolling: boolean;
  /** The reader reached up (wheel, key, finger) and has not scrolled back down nor stopped: the end is no return. */
  reachingUp: boolean;
  idle: ReturnType<typeof setTimeout> | undefined;
  touchY: number | null;
  /** The newest row's key at the last render. */
  last: string | undefined;
}

/**
 * A scroll the reader started (smooth, for Home or a wheel notch) lasts until the browser's `scrollend`; where there is
 * none, until no scroll event came for SCROLL_IDLE_MS. A busy device can space a smooth scroll's events further apart
 * than that: taken for its end, the list put the view back at its anchor and stopped Home short of the top. With
 * `scrollend` the timer only stands in for an end that never comes.
 */
const SCROLL_IDLE_MS = 150;
const SCROLL_END_FALLBACK_MS = 1000;
const never = () => false;
const noScroll = () => undefined;

/** Where a row's message (its article, below any day divider) starts in the scroll box. */
const messageTop = (row: HTMLElement) => (row.querySelector('article') ?? row).offsetTop;

/** The rendered rows (children carrying data-key) with where each starts in the scroll box. */
function* rowBoxes(rows: HTMLElement): Generator<RowBox> {
  for (const child of rows.children) {
    const el = child as HTMLElement;
    if (!el.dataset.key) continue;
    const index = Number(el.dataset.index);
    yield { key: el.dataset.key, index, top: el.offsetTop, height: el.offsetHeight, message: messageTop(el) };
  }
}

function rowElement(rows: HTMLElement, key: string) {
  for (const child of rows.children) if ((child as HTMLElement).dataset.key === key) return child as HTMLElement;
}

interface Options {
  keys: string[];
  lastIsMine: boolean;
  estimateSize: number;
  overscan: number;
}

/**
 * The scrolling of the chat history (decision 144): a window of rows from @tanstack/react-virtual, the view kept at the
 * newest message until the reader scrolls toward older ones, and kept in place while they read older ones.
 *
 * The list owns the scroll position; the virtualizer only reads it (it is told the position, never writes it, and
 * never corrects for rows measured above the view). After every render and every change of the content's or the box's
 * size, `settle` puts the view back: at the end while following, else at the anchor row, found in the DOM.
 *
 * `box` is the scroll element, `content` wraps everything inside it, `rows` holds the spacers and the rows (each with
 * data-key, data-index and the virtualizer's measureElement as ref).
 */
export function useHistoryScroll({ keys, lastIsMine, estimateSize, overscan }: Options) {
  const box = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const rows = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const [newBelow, setNewBelow] = useState(false);
  const follow = useRef<Follow>({
    following: true,
    anchor: null,
    lastTop: 0,
    reported: null,
    scrolling: false,
    reachingUp: false,
    idle: undefined,
    touchY: null,
    last: undefined,
  });
  const offsetListener = useRef<OffsetListener | null>(null);

  // Stable while the rows are: a new function would make the virtualizer recompute every row's position per render.
  const getItemKey = useCallback((i: number) => keys[i], [keys]);
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLDivElement>({
    count: keys.length,
    getScrollElement: () => box.current,
    estimateSize: () => estimateSize,
    getItemKey,
    overscan,
    // Where the rows start below the "Load earlier" button: the range is computed in the box's coordinates.
    scrollMargin,
    initialOffset: () => box.current?.scrollTop ?? 0,
    // Re-renders come from this hook's own flushSync where they must land before the next paint.
    useFlushSync: false,
    observeElementOffset: (_instance, cb) => {
      offsetListener.current = cb;
      return () => {
        offsetListener.current = null;
      };
    },
    scrollToFn: noScroll,
  });
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = never;

  /** Tell the virtualizer where the box is, so it renders the rows there. */
  const report = useCallback((force = false) => {
    const el = box.current;
    const f = follow.current;
    if (!el || (!force && el.scrollTop === f.reported)) return;
    f.reported = el.scrollTop;
    offsetListener.current?.(el.scrollTop, f.scrolling);
  }, []);

  const captureAnchor = useCallback(() => {
    const el = box.current;
    const list = rows.current;
    if (!el || !list) return;
    let anchor = anchorAt(rowBoxes(list), el.scrollTop);
    if (!anchor) {
      // The drawn rows end above the view (it moved faster than rows were drawn): the row the virtualizer puts there.
      // Its index is its own, so drawing it while the reader scrolls on (a long smooth scroll, a scrollbar drag) is not
      // taken for rows going in above it, which would write the position and stop their scroll halfway.
      const item = virtualizer.getVirtualItemForOffset(el.scrollTop);
      anchor = item ? { key: String(item.key), index: item.index, offset: el.scrollTop - item.start } : null;
    }
    follow.current.anchor = anchor;
  }, [virtualizer]);

  /** The index of a row by key, -1 when it is gone. */
  const indexOf = useCallback(
    (key: string) => {
      const { count, getItemKey: keyOf } = virtualizer.options;
      for (let i = 0; i < count; i++) if (keyOf(i) === key) return i;
      return -1;
    },
    [virtualizer],
  );

  /** Put the view where it belongs after any change: at the end while following, else at the anchor. */
  const settle = useCallback(() => {
    const el = box.current;
    const list = rows.current;
    if (!el || !list) return;
    const f = follow.current;
    if (list.offsetTop !== virtualizer.options.scrollMargin) setScrollMargin(list.offsetTop);
    if (f.following) {
      const end = el.scrollHeight - el.clientHeight;
      if (Math.abs(el.scrollTop - end) >= 1) el.scrollTop = end;
    } else if (f.anchor) {
      const anchor = f.anchor;
      const row = rowElement(list, anchor.key);
      const index = row ? Number(row.dataset.index) : indexOf(anchor.key);
      if (index < 0) {
        f.anchor = null;
      } else if (!restoreAnchor(anchor, index, f.scrolling)) {
        captureAnchor();
      } else {
        // By the row itself when it is drawn; else where the virtualizer puts it, and by the row once it is drawn.
        virtualizer.getTotalSize(); // brings the measurements up to date
        const want = (row ? messageTop(row) : virtualizer.measurementsCache[index].start) + anchor.offset;
        if (Math.abs(el.scrollTop - want) >= 1) el.scrollTop = want;
        anchor.index = row ? index : -1;
      }
    }
    f.lastTop = el.scrollTop;
    report();
  }, [virtualizer, indexOf, captureAnchor, report]);

  /** The "New messages" button and End: back to the newest, following it again. */
  const goToNewest = useCallback(() => {
    const f = follow.current;
    f.following = true;
    f.anchor = null;
    setNewBelow(false);
    settle();
  }, [settle]);

  // A new newest message: follow it when it is the reader's own (or the first page), else offer to jump to it.
  useLayoutEffect(() => {
    const f = follow.current;
    const last = keys.at(-1);
    if (last === f.last) return;
    if (f.last === undefined || lastIsMine) {
      f.following = true;
      f.anchor = null;
      setNewBelow(false);
    } else if (!f.following) {
      setNewBelow(true);
    }
    f.last = last;
  }, [keys, lastIsMine]);

  // After every render: rows drawn, measured, a page prepended, a notice or the typing line shown.
  useLayoutEffect(() => {
    settle();
  });

  useLayoutEffect(() => {
    const el = box.current!;
    const f = follow.current;
    // Changes of size that do not re-render the list (rows measured by the virtualizer's observer, fonts, the box
    // resized): put the view back before they are painted.
    const sizes = new ResizeObserver(() => flushSync(settle));
    sizes.observe(el);
    if (content.current) sizes.observe(content.current);
    const idleAfter = 'onscrollend' in el ? SCROLL_END_FALLBACK_MS : SCROLL_IDLE_MS;
    /** Follows or anchors where the box is now; whether it moved since the list last placed it or saw it. */
    const notePosition = () => {
      const was = f.following;
      // Not where the list last put it: the reader (or the browser for them) moved it.
      const moved = Math.abs(el.scrollTop - f.lastTop) >= 1;
      f.reachingUp = stillReachingUp(f.reachingUp, el, f.lastTop);
      f.following = followAfterScroll(f.following, el, f.lastTop, f.reachingUp);
      f.lastTop = el.scrollTop;
      if (f.following) {
        f.anchor = null;
        if (!was) setNewBelow(false);
      } else {
        captureAnchor();
      }
      return moved;
    };
    const scrollGoesOn = () => {
      f.scrolling = true;
      clearTimeout(f.idle);
      f.idle = setTimeout(scrollEnded, idleAfter);
    };
    const scrollEnded = () => {
      clearTimeout(f.idle);
      if (!f.scrolling) return;
      f.reachingUp = false;
      // A smooth scroll's last frames can reach the box with no scroll event of their own (a busy device): the
      // reader stopped here, not at the last position an event reported.
      notePosition();
      f.scrolling = false;
      flushSync(() => report(true));
    };

    const reachUp = () => {
      if (followAfterReachingUp(f.following, el)) return;
      if (f.following) {
        f.following = false;
        captureAnchor();
      }
      f.reachingUp = true;
      // The box may move before its first scroll event: a render meanwhile must not take it for the list's own place.
      scrollGoesOn();
    };
    const onScroll = () => {
      if (notePosition()) scrollGoesOn();
      flushSync(() => report());
    };
    const onWheel = (e: WheelEvent) => {
      if (e.deltaY < 0 && !e.ctrlKey) reachUp();
    };
    const onKey = (e: KeyboardEvent) => {
      if (keyScrollsUp(e)) reachUp();
      else if (keyGoesToNewest(e)) {
        e.preventDefault();
        goToNewest();
      }
    };
    const onTouchStart = (e: TouchEvent) => {
      f.touchY = e.touches[0]?.clientY ?? null;
    };
    const onTouchMove = (e: TouchEvent) => {
      const y = e.touches[0]?.clientY;
      if (y === undefined) return;
      if (f.touchY !== null && y > f.touchY + 2) reachUp();
      f.touchY = y;
    };
    const onTouchEnd = () => {
      f.touchY = null;
    };
    const passive = { passive: true } as const;
    el.addEventListener('scroll', onScroll, passive);
    el.addEventListener('scrollend', scrollEnded, passive);
    el.addEventListener('wheel', onWheel, passive);
    el.addEventListener('keydown', onKey);
    el.addEventListener('touchstart', onTouchStart, passive);
    el.addEventListener('touchmove', onTouchMove, passive);
    el.addEventListener('touchend', onTouchEnd, passive);
    el.addEventListener('touchcancel', onTouchEnd, passive);
    return () => {
      sizes.disconnect();
      clearTimeout(f.idle);
      el.removeEventListener('scroll', onScroll);
      el.removeEventListener('scrollend', scrollEnded);
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('keydown', onKey);
      el.removeEventListener('touchstart', onTouchStart);
      el.removeEventListener('touchmove', onTouchMove);
      el.removeEventListener('touchend', onTouchEnd);
      el.removeEventListener('touchcancel', onTouchEnd);
    };
  }, [settle, captureAnchor, report, goToNewest]);

  return { box, content, rows, virtualizer, newBelow, goToNewest };
}
