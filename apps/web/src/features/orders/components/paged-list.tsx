import { useRef, type ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { LoadError } from '../../../components/ui/load-error';
import { PlainList } from '../../../components/ui/plain-list';

interface Props<T> {
  query: UseInfiniteQueryResult<InfiniteData<{ items: T[]; nextCursor: string | null }>>;
  /** The list's name, and what its loading and failure say. */
  label: string;
  loading: string;
  failed: string;
  /** Shown when there is nothing to list. */
  empty: ReactNode;
  /** One item, as a keyed list item. */
  children: (item: T) => ReactNode;
}

/** A list read a page at a time (orders, offers): loading, failure with a retry, empty, the items and "Load more". */
export function PagedList<T>({ query, label, loading, failed, empty, children }: Props<T>) {
  const list = useRef<HTMLDivElement>(null);
  if (query.isPending) return <PageSpinner label={loading} />;
  if (query.isError) return <LoadError title={failed} error={query.error} refetch={query.refetch} />;
  const items = query.data.pages.flatMap((p) => p.items);
  if (items.length === 0) return empty;
  return (
    <>
      <PlainList ref={list} gap="sm" aria-label={label}>
        {items.map(children)}
      </PlainList>
      <LoadMoreButton query={query} list={list} />
    </>
  );
}
