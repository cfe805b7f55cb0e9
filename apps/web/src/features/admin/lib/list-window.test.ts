import { describe, expect, it } from 'vitest';
import { edgeOfKey, shouldLoadMore, spacers } from './list-window';

describe('shouldLoadMore', () => {
  it('asks for the next page once the last loaded row is rendered', () => {
    expect(shouldLoadMore(24, 25, true, false)).toBe(true);
    expect(shouldLoadMore(30, 25, true, false)).toBe(true);
  });

  it('waits while rows remain below the window, a page is loading, or there is nothing more', () => {
    expect(shouldLoadMore(20, 25, true, false)).toBe(false);
    expect(shouldLoadMore(24, 25, true, true)).toBe(false);
    expect(shouldLoadMore(24, 25, false, false)).toBe(false);
    expect(shouldLoadMore(-1, 0, true, false)).toBe(false);
  });
});

describe('spacers', () => {
  it('fills the space of the rows outside the window', () => {
    expect(spacers({ start: 1200, end: 1800 }, 5000)).toEqual({ before: 1200, after: 3200 });
    expect(spacers(null, 5000)).toEqual({ before: 0, after: 0 });
  });
});

describe('edgeOfKey', () => {
  const key = (k: string, mods: Partial<{ altKey: boolean; metaKey: boolean; shiftKey: boolean }> = {}) =>
    edgeOfKey({ key: k, altKey: false, metaKey: false, shiftKey: false, ...mods });

  it('maps Home and End (with or without Ctrl) to the ends of the list', () => {
    expect(key('Home')).toBe('start');
    expect(key('End')).toBe('end');
  });

  it('leaves other keys and selection or system shortcuts to the browser', () => {
    expect(key('PageDown')).toBeNull();
    expect(key('Home', { shiftKey: true })).toBeNull();
    expect(key('End', { altKey: true })).toBeNull();
    expect(key('Home', { metaKey: true })).toBeNull();
  });
});
