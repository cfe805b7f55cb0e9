import { useLayoutEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { Table } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ADMIN_OVERSCAN, edgeOfKey } from '../lib/list-window';
import { useFocusRow, useWindowPaging } from '../hooks/use-window-paging';
import type { AdminColumn, AdminListPaging, VirtualRows } from './admin-list-types';

interface Props<T> {
  label: string;
  list: AdminListPaging<T>;
  columns: AdminColumn<T>[];
  rowKey: (row: T) => string;
  /** For "Load more" to focus the first row it added. */
  handle?: Ref<VirtualRows>;
  minWidth: number;
  estimateRowHeight: number;
}

/**
 * A table that keeps only the rows in view (plus overscan) in the DOM, inside its own scroll box so the header can
 * stick; blank spacer rows stand in for the rest and aria-rowcount/aria-rowindex tell assistive tech where rows sit.
 */
export function VirtualAdminTable<T>({ label, list, columns, rowKey, minWidth, estimateRowHeight, handle }: Props<T>) {
  const box = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLTableSectionElement>(null);
  // The rows start below the header row: the virtualizer places them (and scrolls to them) with that margin.
  const [headHeight, setHeadHeight] = useState(0);
  useLayoutEffect(() => {
    const el = head.current;
    if (!el) return;
    const measure = () => setHeadHeight(el.offsetHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const { items } = list;
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => box.current,
    estimateSize: () => estimateRowHeight,
    getItemKey: (i) => rowKey(items[i]),
    overscan: ADMIN_OVERSCAN,
    scrollMargin: headHeight,
  });
  const { rows, before, after } = useWindowPaging(virtualizer, list, headHeight);
  useFocusRow(handle, virtualizer, box);
  const onKeyDown = (event: KeyboardEvent) => {
    const edge = edgeOfKey(event);
    if (!edge || isTextField(event.target)) return;
    event.preventDefault();
    // End goes to the row that is last now; the page its arrival loads goes in below without moving the view.
    if (edge === 'start') virtualizer.scrollToOffset(0);
    else if (items.length) virtualizer.scrollToIndex(items.length - 1, { align: 'end' });
  };

  return (
    <div
      ref={box}
      role="region"
      aria-label={`${label}, scrollable`}
      tabIndex={0}
      onKeyDown={onKeyDown}
      style={{ maxHeight: 'max(420px, calc(100dvh - 240px))', overflow: 'auto', overscrollBehavior: 'contain' }}
    >
      <Table highlightOnHover stickyHeader aria-label={label} aria-rowcount={items.length + 1} miw={minWidth}>
        <Table.Thead ref={head} style={{ zIndex: 1 }}>
          <Table.Tr aria-rowindex={1}>
            {columns.map((c, i) => (
              <Table.Th key={i} ta={c.align}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {before > 0 && (
            <tr aria-hidden="true">
              <td colSpan={columns.length} style={{ height: before, padding: 0, border: 0 }} />
            </tr>
          )}
          {rows.map((r) => {
            const row = items[r.index];
            return (
              <Table.Tr
                key={r.key}
                data-index={r.index}
                data-row-key={r.key}
                ref={virtualizer.measureElement}
                aria-rowindex={r.index + 2}
                // Striped by position in the whole list: the spacer row would flip CSS nth-of-type stripes.
                bg={r.index % 2 === 0 ? 'var(--table-striped-color)' : undefined}
              >
                {columns.map((c, i) => (
                  <Table.Td key={i} ta={c.align} style={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                    {c.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
          {after > 0 && (
            <tr aria-hidden="true">
              <td colSpan={columns.length} style={{ height: after, padding: 0, border: 0 }} />
            </tr>
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
}

const isTextField = (target: EventTarget) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
