import { useEffect, useImperativeHandle, useRef, type Ref, type RefObject } from 'react';
import type { Virtualizer } from '@tanstack/react-virtual';
import { shouldLoadMore, spacers } from '../lib/list-window';
import type { AdminListPaging, VirtualRows } from '../components/admin-list-types';
import { focusNewItem } from '../../../components/ui/load-more-button';

/**
 * The rows a windowed admin list draws, the blank space above and below them, and the next page fetched once the last
 * loaded row is drawn. `offset` is where the list starts inside its scroller (0 for its own scroll box).
 */
export function useWindowPaging<T, S extends Element | Window>(
  virtualizer: Virtualizer<S, Element>,
  list: AdminListPaging<T>,
  offset = 0,
) {
  const rows = virtualizer.getVirtualItems();
  const { before, after } = spacers(
    rows.length ? { start: rows[0].start - offset, end: rows.at(-1)!.end - offset } : null,
    virtualizer.getTotalSize(),
  );
  const lastIndex = rows.at(-1)?.index ?? -1;
  const loaded = list.items.length;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    if (shouldLoadMore(lastIndex, loaded, hasNextPage, isFetchingNextPage)) void fetchNextPage();
  }, [lastIndex, loaded, hasNextPage, isFetchingNextPage, fetchNextPage]);
  return { rows, before, after };
}

/** `handle.focusRow(i)` for "Load more": the first new row may be below the drawn window, so it is scrolled to first. */
export function useFocusRow<S extends Element | Window>(
  handle: Ref<VirtualRows> | undefined,
  virtualizer: Virtualizer<S, Element>,
  container: RefObject<HTMLElement | null>,
) {
  const latest = useRef(virtualizer);
  latest.current = virtualizer;
  useImperativeHandle(
    handle,
    () => ({
      focusRow: (index) =>
        focusNewItem(() => {
          const v = latest.current;
          if (v.options.count <= index) return null;
          const row = container.current?.querySelector(`[data-index="${index}"]`);
          if (!row) v.scrollToIndex(index, { align: 'start' });
          return row;
        }),
    }),
    [container],
  );
}
