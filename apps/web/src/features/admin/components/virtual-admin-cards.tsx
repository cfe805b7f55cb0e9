import { useLayoutEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { ADMIN_OVERSCAN } from '../lib/list-window';
import { useFocusRow, useWindowPaging } from '../hooks/use-window-paging';
import type { AdminListPaging, VirtualRows } from './admin-list-types';
import css from './virtual-admin-cards.module.css';

interface Props<T> {
  label: string;
  list: AdminListPaging<T>;
  card: (row: T) => ReactNode;
  rowKey: (row: T) => string;
  /** For "Load more" to focus the first row it added. */
  handle?: Ref<VirtualRows>;
  estimateHeight: number;
}

/** The phone layout: one card per row in a list that scrolls with the page, keeping only the cards in view. */
export function VirtualAdminCards<T>({ label, list, card, rowKey, estimateHeight, handle }: Props<T>) {
  const ul = useRef<HTMLUListElement>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const el = ul.current;
    if (!el) return;
    const measure = () => setOffset(el.getBoundingClientRect().top + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const { items } = list;
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => estimateHeight,
    getItemKey: (i) => rowKey(items[i]),
    overscan: ADMIN_OVERSCAN,
    scrollMargin: offset,
    gap: 8,
  });
  const { rows, before, after } = useWindowPaging(virtualizer, list, offset);
  useFocusRow(handle, virtualizer, ul);

  return (
    <ul
      ref={ul}
      aria-label={label}
      className={css.cards}
      style={{
        listStyle: 'none',
        margin: 0,
        padding: 0,
        paddingTop: before,
        paddingBottom: after,
        display: 'flex',
        flexDirection: 'column',
        gap: 8,
      }}
    >
      {rows.map((r) => (
        <li key={r.key} data-index={r.index} data-row-key={r.key} ref={virtualizer.measureElement}>
          {card(items[r.index])}
        </li>
      ))}
    </ul>
  );
}
