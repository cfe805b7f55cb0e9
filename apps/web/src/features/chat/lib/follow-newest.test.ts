import { describe, expect, it } from 'vitest';
import {
  anchorAt,
  followAfterReachingUp,
  followAfterScroll,
  stillReachingUp,
  keyGoesToNewest,
  keyScrollsUp,
  restoreAnchor,
} from './follow-newest';

const box = (scrollTop: number, scrollHeight = 3000, clientHeight = 600) => ({ scrollTop, scrollHeight, clientHeight });

describe('followAfterScroll', () => {
  it('follows at the end, including a fractional position a pixel short of it', () => {
    expect(followAfterScroll(false, box(2400), 2000, false)).toBe(true);
    expect(followAfterScroll(false, box(2398.5), 2000, false)).toBe(true);
  });

  it('lets go when the box moved up away from the end', () => {
    expect(followAfterScroll(true, box(2000), 2400, false)).toBe(false);
    expect(followAfterScroll(true, box(0), 2400, false)).toBe(false);
  });

  it('keeps following when rows grew below a view that did not move (measured rows, a page, a new message)', () => {
    // The box stood at the end of 3000 px; the content is now 3400 px and the position has not been written yet.
    expect(followAfterScroll(true, box(2400, 3400), 2400, false)).toBe(true);
  });

  it('keeps following when the box was clamped to the end of shorter content', () => {
    expect(followAfterScroll(true, box(2200, 2800), 2400, false)).toBe(true);
  });

  it('does not follow again on a move down that stops short of the end, nor on a sub-pixel wobble', () => {
    expect(followAfterScroll(false, box(1500), 1000, false)).toBe(false);
    expect(followAfterScroll(true, box(2399.5, 3400), 2400, false)).toBe(true);
  });

  it('does not follow again at the end while the reader reaches up, before their scroll has moved the box', () => {
    // Home pressed at the newest: the first scroll event can be the list's own last write arriving late, or the
    // smooth scroll's first frame a pixel up. Following there, the next render would put the view back at the end.
    expect(followAfterScroll(false, box(2400), 2400, true)).toBe(false);
    expect(followAfterScroll(false, box(2399), 2400, true)).toBe(false);
  });
});

describe('stillReachingUp', () => {
  it('holds while the box stays or moves up, and ends when it moves down', () => {
    expect(stillReachingUp(true, box(2400), 2400)).toBe(true);
    expect(stillReachingUp(true, box(1200), 2400)).toBe(true);
    expect(stillReachingUp(true, box(2400.5), 2400)).toBe(true);
    expect(stillReachingUp(true, box(1300), 1200)).toBe(false);
    expect(stillReachingUp(false, box(1200), 2400)).toBe(false);
  });
});

describe('followAfterReachingUp', () => {
  it('lets go when the box can move up, keeps following when it cannot', () => {
    expect(followAfterReachingUp(true, box(2400))).toBe(false);
    expect(followAfterReachingUp(true, box(0, 500, 600))).toBe(true);
    expect(followAfterReachingUp(false, box(0))).toBe(false);
  });
});

describe('keyScrollsUp', () => {
  it('knows the keys that scroll toward older messages', () => {
    expect(['ArrowUp', 'PageUp', 'Home'].every((key) => keyScrollsUp({ key, shiftKey: false }))).toBe(true);
    expect(keyScrollsUp({ key: ' ', shiftKey: true })).toBe(true);
    expect(['ArrowDown', 'PageDown', 'End', ' ', 'Tab'].some((key) => keyScrollsUp({ key, shiftKey: false }))).toBe(
      false,
    );
  });
});

describe('keyGoesToNewest', () => {
  it('takes End (and Ctrl+End) to the newest, not Shift+End or other keys', () => {
    expect(keyGoesToNewest({ key: 'End', shiftKey: false, altKey: false })).toBe(true);
    expect(keyGoesToNewest({ key: 'End', shiftKey: true, altKey: false })).toBe(false);
    expect(keyGoesToNewest({ key: 'PageDown', shiftKey: false, altKey: false })).toBe(false);
  });
});

describe('restoreAnchor', () => {
  const anchor = { key: 'b', index: 8, offset: 30 };

  it('always puts the view back when rows went in above the anchor', () => {
    expect(restoreAnchor(anchor, 38, true)).toBe(true);
    expect(restoreAnchor(anchor, 38, false)).toBe(true);
  });

  it('leaves small drift alone while the reader scrolls, and corrects it when they do not', () => {
    expect(restoreAnchor(anchor, 8, true)).toBe(false);
    expect(restoreAnchor(anchor, 8, false)).toBe(true);
  });
});

describe('anchorAt', () => {
  const rows = [
    { key: 'a', index: 7, top: 40, height: 60, message: 40 },
    { key: 'b', index: 8, top: 100, height: 96, message: 136 },
    { key: 'c', index: 9, top: 196, height: 60, message: 196 },
  ];

  it('takes the row the view starts in and how far the view is from its message', () => {
    expect(anchorAt(rows, 130)).toEqual({ key: 'b', index: 8, offset: -6 });
    expect(anchorAt(rows, 196)).toEqual({ key: 'c', index: 9, offset: 0 });
  });

  it('takes the first row below the view top when the view starts above every row (the "Load earlier" button)', () => {
    expect(anchorAt(rows, 0)).toEqual({ key: 'a', index: 7, offset: -40 });
  });

  it('has nothing when every rendered row ends above the view', () => {
    expect(anchorAt(rows, 500)).toBeNull();
  });
});
