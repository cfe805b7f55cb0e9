import { useRef, type ReactNode } from 'react';
import { SimpleGrid } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AdminColumn, AdminListPaging, VirtualRows } from './admin-list-types';
import { LoadMore, QueryState } from './query-state';
import { VirtualAdminCards } from './virtual-admin-cards';
import { VirtualAdminTable } from './virtual-admin-table';

export type { AdminColumn } from './admin-list-types';

interface Props<T> {
  /** Names the table (and the phone list); the journeys and screen readers find it by this. */
  label: string;
  list: AdminListPaging<T> & { isPending: boolean; error: Error | null; refetch: () => Promise<unknown> };
  rowKey: (row: T) => string;
  columns: AdminColumn<T>[];
  /** The phone layout of a row; without it phones get the table, scrolling sideways. */
  card?: (row: T) => ReactNode;
  emptyText: string;
  loadingLabel: string;
  /** The filter fields, laid out in a search landmark named filterLabel. */
  filters?: ReactNode;
  filterLabel?: string;
  filterColumns?: number;
  /** Shown between the filters and the rows (e.g. which preset filter applies). */
  notice?: ReactNode;
  minWidth?: number;
  estimateRowHeight?: number;
  estimateCardHeight?: number;
}

/**
 * Every admin list page: filters, loading/error/empty states, a virtualised table with a sticky header (cards on a
 * phone) that loads the next keyset page as its end scrolls into view, and "Load more" for keyboards and counts.
 */
export function AdminListTable<T>(p: Props<T>) {
  const phone = useMediaQuery('(max-width: 48em)');
  const { list } = p;
  const rows = useRef<VirtualRows>(null);
  return (
    <>
      {p.filters && (
        <SimpleGrid
          cols={{ base: 1, sm: 2, md: p.filterColumns ?? 2 }}
          role="search"
          aria-label={p.filterLabel ?? `Filter ${p.label.toLowerCase()}`}
        >
          {p.filters}
        </SimpleGrid>
      )}
      {p.notice}
      <QueryState
        loading={list.isPending}
        error={list.error}
        refetch={list.refetch}
        what={`the ${p.label.toLowerCase()}`}
        empty={list.items.length === 0}
        emptyText={p.emptyText}
        label={p.loadingLabel}
      >
        {phone && p.card ? (
          <VirtualAdminCards
            handle={rows}
            label={p.label}
            list={list}
            card={p.card}
            rowKey={p.rowKey}
            estimateHeight={p.estimateCardHeight ?? 120}
          />
        ) : (
          <VirtualAdminTable
            handle={rows}
            label={p.label}
            list={list}
            columns={p.columns}
            rowKey={p.rowKey}
            minWidth={p.minWidth ?? 760}
            estimateRowHeight={p.estimateRowHeight ?? 49}
          />
        )}
        <LoadMore list={list} rows={rows} />
      </QueryState>
    </>
  );
}
