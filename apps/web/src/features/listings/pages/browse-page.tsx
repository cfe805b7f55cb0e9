import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Alert, Badge, Box, Button, Center, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { BROWSE_SORTS, BROWSE_SORT_LABELS, type BrowseSort } from '@accountry/shared/listing-browse-rules';
import { groupThousands } from '@accountry/shared/listing-attributes';
import { ListingGrid } from '../../../components/listings/listing-grid';
import { Select } from '../../../components/ui/select';
import {
  activeFilterCount,
  apiQuery,
  filterErrors,
  filtersAlert,
  savedSearchQuery,
  useBrowseParams,
} from '../hooks/use-browse-params';
import { useSession } from '../../../lib/session';
import { browseQuery } from '../api/browse-query';
import { LoadError } from '../../../components/ui/load-error';
import { mayPass } from '../../../lib/api';
import { LoadingStatus } from '../../../components/ui/loading-status';
import css from './browse-page.module.css';

// The filter form (selects, checkboxes, number fields) loads beside the first page of results rather than before it.
const BrowseFilters = lazy(() => import('../components/browse-filters').then((m) => ({ default: m.BrowseFilters })));
// The removable pills appear only once a search or filter is set.
const ActiveFilters = lazy(() => import('../components/active-filters').then((m) => ({ default: m.ActiveFilters })));
// A member's "Save this search" loads only once a search or filter is set.
const SaveSearchButton = lazy(() =>
  import('../components/save-search-button').then((m) => ({ default: m.SaveSearchButton })),
);
// The phone filter drawer (focus trap, scroll lock) loads the first time it opens.
const FiltersDrawer = lazy(() => import('../components/filters-drawer'));
// Loaded when a search finds nothing: most visits never show it.
const NoMatches = lazy(() => import('../components/no-matches'));

/** Pages of results (24 each) that load by themselves as the end of the list nears; then only "Load more" goes on. */
const AUTO_LOAD_PAGES = 4;

function resultCount(total: number | null | undefined, capped: boolean) {
  if (total === null || total === undefined) return '';
  if (capped) return `${groupThousands(total)}+ accounts`;
  return `${groupThousands(total)} ${total === 1 ? 'account' : 'accounts'}`;
}

/** Public browse: full-text search, filters and sort kept in the URL, keyset paging with infinite scroll. */
export function Component() {
  const status = useRef<HTMLParagraphElement>(null);
  const { params, update, remove, clear, reset } = useBrowseParams(() => status.current);
  const { user } = useSession();
  const [filtersOpen, filters] = useDisclosure(false);
  const [drawerWanted, setDrawerWanted] = useState(false);
  if (filtersOpen && !drawerWanted) setDrawerWanted(true);
  const [search, setSearch] = useState(params.q);
  const [seenQ, setSeenQ] = useState(params.q);
  if (seenQ !== params.q) {
    setSeenQ(params.q);
    setSearch(params.q);
  }
  const q = apiQuery(params);
  const errors = filterErrors(params);
  // Shown at the fields and never sent: the route would refuse it, and asking again could not help.
  const fieldError = filtersAlert(errors);
  const query = useInfiniteQuery({ ...browseQuery(q), enabled: !fieldError, placeholderData: keepPreviousData });
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const first = query.data?.pages[0];
  const active = activeFilterCount(params);

  // Load the next page when the end of the list scrolls into view, for the first few pages only: past them the list
  // stops growing by itself, so the footer below it can be reached; "Load more" goes on from there (and is the way for
  // keyboards and screen readers all along).
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const autoLoad = (query.data?.pages.length ?? 0) < AUTO_LOAD_PAGES;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || !autoLoad || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries[0].isIntersecting && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '600px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, autoLoad]);

  // "Load more" is disabled while it loads, which would drop the focus: take it to the first of the new cards instead.
  const results = useRef<HTMLDivElement>(null);
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  const loadMore = (e: React.MouseEvent<HTMLButtonElement>) => {
    if (document.activeElement === e.currentTarget) setFocusFrom(items.length);
    void fetchNextPage();
  };
  const count = items.length;
  useEffect(() => {
    if (focusFrom === null || count <= focusFrom) return;
    setFocusFrom(null);
    const card = results.current?.querySelectorAll('li')[focusFrom];
    card?.querySelector<HTMLElement>('a[href]:not([tabindex="-1"])')?.focus();
  }, [focusFrom, count]);

  const filterPanel = (
    <Suspense fallback={<LoadingStatus size="sm" label="Loading filters" />}>
      <BrowseFilters params={params} update={update} clear={clear} activeCount={active} errors={errors} />
    </Suspense>
  );

  return (
    <Container size="xl" py="xl">
      <Stack gap="md">
        <div>
          <Title order={1}>Browse accounts</Title>
          <Text c="dimmed">Search and filter game, social-media and streaming accounts for sale.</Text>
        </div>
        <Group
          component="form"
          role="search"
          aria-label="Search accounts"
          gap="xs"
          wrap="nowrap"
          onSubmit={(e) => {
            e.preventDefault();
            update({ q: search.trim() });
          }}
        >
          <TextInput
            aria-label="Search accounts"
            placeholder="Search by game, rank, skins, niche…"
            leftSection={<IconSearch size={16} />}
            maxLength={100}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            style={{ flex: 1 }}
            type="search"
          />
          <Button type="submit">Search</Button>
        </Group>
        {/* A CSS grid, not Mantine's Grid: the layout needs no script, and every visitor's first download is smaller. */}
        <div className={css.layout}>
          <div className={css.filters}>
            <Box component="aside" aria-label="Filter listings" pos="sticky" top={80}>
              {filterPanel}
            </Box>
          </div>
          <div>
            <Stack gap="md">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={600} aria-live="polite" role="status" ref={status}>
                  {fieldError
                    ? ''
                    : query.isPending
                      ? 'Searching…'
                      : resultCount(first?.total, first?.totalCapped ?? false)}
                </Text>
                <Group gap="xs">
                  <Button
                    hiddenFrom="md"
                    variant="default"
                    leftSection={<IconAdjustmentsHorizontal size={16} />}
                    onClick={filters.open}
                    rightSection={
                      active ? (
                        <Badge size="sm" circle>
                          {active}
                        </Badge>
                      ) : null
                    }
                  >
                    Filters
                  </Button>
                  <Select
                    aria-label="Sort by"
                    w={200}
                    allowDeselect={false}
                    value={params.sort}
                    data={BROWSE_SORTS.map((s) => ({ value: s, label: BROWSE_SORT_LABELS[s] }))}
                    onChange={(v) => update({ sort: (v ?? 'newest') as BrowseSort })}
                  />
                </Group>
              </Group>
              {(params.q || active > 0) && (
                <Suspense fallback={null}>
                  <ActiveFilters params={params} remove={remove} reset={reset} />
                  {user && user.role !== 'admin' && !fieldError && (
                    <SaveSearchButton query={savedSearchQuery(params)} />
                  )}
                </Suspense>
              )}
              {fieldError ? (
                <Alert color="yellow" title={fieldError.title}>
                  {fieldError.text}
                </Alert>
              ) : query.isError ? (
                <LoadError
                  title="Listings could not be loaded"
                  error={query.error}
                  refetch={mayPass(query.error) ? query.refetch : undefined}
                />
              ) : !query.isPending && items.length === 0 ? (
                <Suspense fallback={null}>
                  <NoMatches onClear={reset} />
                </Suspense>
              ) : (
                <Box ref={results} style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
                  <ListingGrid
                    listings={items}
                    loading={query.isPending || isFetchingNextPage}
                    skeletons={query.isPending ? 12 : 4}
                    label="Search results"
                    cols={{ base: 1, xs: 2, lg: 3 }}
                  />
                </Box>
              )}
              <div ref={sentinel} />
              {hasNextPage && (
                <Center>
                  <Button variant="default" onClick={loadMore} loading={isFetchingNextPage}>
                    Load more
                  </Button>
                </Center>
              )}
              {!hasNextPage && items.length > 0 && !query.isPending && (
                <Text ta="center" c="dimmed" size="sm">
                  You have seen every match.
                </Text>
              )}
              {query.isFetching && !query.isPending && !isFetchingNextPage && (
                <Center>
                  <LoadingStatus size="sm" label="Updating results" />
                </Center>
              )}
            </Stack>
          </div>
        </div>
      </Stack>
      {drawerWanted && (
        <Suspense fallback={null}>
          <FiltersDrawer opened={filtersOpen} onClose={filters.close}>
            {filterPanel}
          </FiltersDrawer>
        </Suspense>
      )}
    </Container>
  );
}
