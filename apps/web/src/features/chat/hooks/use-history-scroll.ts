import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { anchorAt, restoreAnchor, type RowBox } from '../lib/follow-newest';
import { useReaderScroll, type Follow } from './use-reader-scroll';

type OffsetListener = (offset: number, isScrolling: boolean) => void;

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

  useReaderScroll({ box, content, follow, settle, captureAnchor, report, goToNewest, setNewBelow });

  return { box, content, rows, virtualizer, newBelow, goToNewest };
}
