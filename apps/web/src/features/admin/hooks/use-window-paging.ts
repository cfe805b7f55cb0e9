import { useEffect } from 'react';
import type { Virtualizer } from '@tanstack/react-virtual';
import { shouldLoadMore, spacers } from '../lib/list-window';
import type { AdminListPaging } from '../components/admin-list-types';

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
