import { useLayoutEffect, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import {
  followAfterReachingUp,
  followAfterScroll,
  keyGoesToNewest,
  keyScrollsUp,
  stillReachingUp,
  type Anchor,
} from '../lib/follow-newest';

export interface Follow {
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

interface Options {
  box: RefObject<HTMLDivElement | null>;
  content: RefObject<HTMLDivElement | null>;
  follow: RefObject<Follow>;
  /** Puts the view back where it belongs: at the end while following, else at the anchor. */
  settle: () => void;
  /** Takes the row at the view's top as the anchor. */
  captureAnchor: () => void;
  /** Tells the virtualizer where the box is (`true`: even if it has not moved). */
  report: (force?: boolean) => void;
  goToNewest: () => void;
  setNewBelow: (shown: boolean) => void;
}

/**
 * What the reader does to the history's box (decision 144): scrolls, wheels, keys and touches that let go of the
 * newest or return to it, when a scroll of theirs ends, and changes of size that do not re-render the list.
 */
export function useReaderScroll({
  box,
  content,
  follow,
  settle,
  captureAnchor,
  report,
  goToNewest,
  setNewBelow,
}: Options) {
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
  }, [box, content, follow, settle, captureAnchor, report, goToNewest, setNewBelow]);
}
