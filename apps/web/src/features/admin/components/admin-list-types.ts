import type { ReactNode } from 'react';

/** One column of an admin list: its header and how a row fills its cell. */
export interface AdminColumn<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: 'right';
  nowrap?: boolean;
}

/** The paging part of useAdminList the list needs: rows so far and the next keyset page. */
export interface AdminListPaging<T> {
  items: T[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** What a windowed list lets "Load more" do: draw the row at `index` (scrolling to it) and focus it. */
export interface VirtualRows {
  focusRow: (index: number) => void;
}
