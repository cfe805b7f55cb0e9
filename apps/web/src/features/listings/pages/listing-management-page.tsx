import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  Anchor,
  Button,
  Center,
  Container,
  EmptyState,
  Group,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSearch, IconListDetails } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { formatPrice } from '@accountry/shared/listing-attributes';
import { STATUS_FILTERS, type OwnListingRow, type StatusFilter } from '@accountry/shared/listing-schemas';
import type { ListingStatus, SellerStatus } from '@accountry/shared/listings';
import { listingPath, platformLabel } from '../../../components/listings/listing-format';
import { toast } from '../../../lib/toast';
import { deleteListing, duplicateListing, fetchMyListings, listingKeys, setListingStatus } from '../api/listings-api';
import { ListingRowActions } from '../components/listing-row-actions';
import { ConfirmDialog, type ConfirmOptions } from '../../../components/ui/confirm-dialog';
import { LoadError } from '../../../components/ui/load-error';
import { ListingCard, StatusCell, Thumb } from '../components/own-listing-parts';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { formatDate } from '../../../lib/format-time';
import { PlainList } from '../../../components/ui/plain-list';
import { ListingLimitNote, NewListingButton } from '../components/listing-quota';

const TAB_LABELS: Record<StatusFilter, string> = {
  all: 'All',
  draft: 'Drafts',
  active: 'Active',
  reserved: 'Reserved',
  sold: 'Sold',
  hidden: 'Hidden',
};
const DONE: Record<SellerStatus, string> = {
  active: 'The listing is live.',
  draft: 'The listing is unpublished.',
  reserved: 'Marked reserved.',
  sold: 'Marked sold.',
};

/** The seller's listings: status tabs, search, and every action with confirmation where it cannot be undone. */
export function Component() {
  const client = useQueryClient();
  const [sp, setSp] = useSearchParams();
  const status = (STATUS_FILTERS as readonly string[]).includes(sp.get('status') ?? '')
    ? (sp.get('status') as StatusFilter)
    : 'all';
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [confirm, setConfirm] = useState<ConfirmOptions | null>(null);
  const query = useInfiniteQuery({
    queryKey: listingKeys.mine(status, q),
    queryFn: ({ pageParam }) => fetchMyListings(status, q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // The seller's counts and limit hold whichever tab asked, so they stay while another tab or search loads.
    placeholderData: keepPreviousData,
  });
  // Another tab's rows are never shown as this one's (a click meant for one landed on the other): a status instead.
  const loading = query.isPending || query.isPlaceholderData;
  const rows = loading ? [] : (query.data?.pages.flatMap((p) => p.items) ?? []);
  // Phones get one card per listing (as the admin lists do): a seven-column table would put the actions off-screen.
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  const counts = query.data?.pages[0]?.counts;
  const limit = query.data?.pages[0]?.listingLimit;

  const done = (message: string) => {
    toast.success(message);
    void client.invalidateQueries({ queryKey: ['listings'] });
    // Waited for: a dialog closes once the list shows the change, so its focus goes to what is there (the title when
    // the row is gone), never to a row about to vanish.
    return client.invalidateQueries({ queryKey: listingKeys.allMine });
  };
  const action = useMutation({
    mutationFn: async (
      a:
        | { kind: 'status'; id: string; to: SellerStatus; from: ListingStatus }
        | { kind: 'duplicate' | 'delete'; id: string },
    ) => {
      if (a.kind === 'status') return setListingStatus(a.id, a.to, a.from).then(() => DONE[a.to]);
      if (a.kind === 'duplicate') return duplicateListing(a.id).then(() => 'Duplicated as a new draft.');
      return deleteListing(a.id).then(() => 'Listing deleted.');
    },
    onSuccess: done,
  });
  // Without a dialog, a refusal is a toast; within one, the dialog shows it and stays open.
  type Action = Parameters<typeof action.mutate>[0];
  const act = (a: Action) => action.mutate(a, { onError: (err) => toast.error(err.message) });
  const ask = (l: OwnListingRow, options: Omit<ConfirmOptions, 'onConfirm' | 'returnFocusTo'>, a: Action) =>
    setConfirm({
      ...options,
      onConfirm: () => action.mutateAsync(a),
      // Back on the row's actions (the menu item that asked is gone), or on the page's title once the row is.
      returnFocusTo: () =>
        document.querySelector<HTMLElement>(`[data-row-actions="${CSS.escape(l.id)}"]`) ??
        document.getElementById('my-listings-title'),
    });

  const onStatus = (l: OwnListingRow, to: SellerStatus) => {
    if (to === 'sold') {
      return ask(
        l,
        { title: 'Mark as sold?', message: `“${l.title}” leaves the marketplace for good.`, confirmLabel: 'Mark sold' },
        { kind: 'status', id: l.id, to, from: l.status },
      );
    }
    if (to === 'draft') {
      return ask(
        l,
        {
          title: 'Unpublish this listing?',
          message: `“${l.title}” will no longer be visible to buyers until you publish it again.`,
          confirmLabel: 'Unpublish',
        },
        { kind: 'status', id: l.id, to, from: l.status },
      );
    }
    act({ kind: 'status', id: l.id, to, from: l.status });
  };
  const onDelete = (l: OwnListingRow) =>
    ask(
      l,
      {
        title: 'Delete this listing?',
        message: `“${l.title}” will be removed from Accountry. This cannot be undone.`,
        confirmLabel: 'Delete listing',
        danger: true,
      },
      { kind: 'delete', id: l.id },
    );

  const actionsFor = (l: OwnListingRow) => (
    <ListingRowActions
      listing={l}
      onStatus={(to) => onStatus(l, to)}
      onDuplicate={() => act({ kind: 'duplicate', id: l.id })}
      onDelete={() => onDelete(l)}
    />
  );

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between">
          <div>
            <Title order={1} id="my-listings-title" tabIndex={-1}>
              My listings
            </Title>
            <Text c="dimmed">Create, publish and manage the accounts you sell.</Text>
          </div>
          <NewListingButton count={counts?.all} limit={limit} />
        </Group>
        <ListingLimitNote count={counts?.all} limit={limit} />
        <Tabs
          value={status}
          onChange={(v) => setSp(v && v !== 'all' ? { status: v } : {}, { preventScrollReset: true })}
          keepMounted={false}
        >
          <Tabs.List style={{ flexWrap: 'wrap' }}>
            {STATUS_FILTERS.map((s) => (
              <Tabs.Tab key={s} value={s}>
                {TAB_LABELS[s]}
                {counts ? ` (${counts[s]})` : ''}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <TextInput
          aria-label="Search my listings"
          placeholder="Search my listings"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maw={360}
          type="search"
        />
        {query.isError && (
          <LoadError title="Your listings could not be loaded" error={query.error} refetch={query.refetch} />
        )}
        {loading ? (
          <Center py="xl">
            <LoadingStatus label="Loading your listings" />
          </Center>
        ) : !query.isError && rows.length === 0 ? (
          <EmptyState
            icon={<IconListDetails />}
            title={status === 'all' && !q ? 'You have no listings yet' : 'No listings here'}
            description={
              status === 'all' && !q
                ? 'Create your first listing: add details and screenshots, then publish it.'
                : 'Try another status or search.'
            }
          >
            {status === 'all' && !q && (
              <Button component={Link} to="/listing-management/new">
                Create a listing
              </Button>
            )}
          </EmptyState>
        ) : phone ? (
          <PlainList gap="sm" aria-label="My listings">
            {rows.map((l) => (
              <li key={l.id}>
                <ListingCard l={l} actions={actionsFor(l)} />
              </li>
            ))}
          </PlainList>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" highlightOnHover aria-label="My listings">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Listing</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Price</Table.Th>
                  <Table.Th ta="right">Views</Table.Th>
                  <Table.Th ta="right">Favorites</Table.Th>
                  <Table.Th>Updated</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Thumb l={l} />
                        <div style={{ minWidth: 0 }}>
                          <Anchor component={Link} to={listingPath(l)} fw={600} lineClamp={1}>
                            {l.title}
                          </Anchor>
                          <Text size="xs" c="dimmed">
                            {platformLabel(l.platform)}
                          </Text>
                        </div>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <StatusCell l={l} />
                    </Table.Td>
                    <Table.Td ta="right">{formatPrice(l.priceCents, l.currency)}</Table.Td>
                    <Table.Td ta="right">{l.viewCount.toLocaleString('en-US')}</Table.Td>
                    <Table.Td ta="right">{l.favoriteCount}</Table.Td>
                    <Table.Td>{formatDate(l.updatedAt)}</Table.Td>
                    <Table.Td>{actionsFor(l)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {!loading && <LoadMoreButton query={query} />}
      </Stack>
      <ConfirmDialog options={confirm} onClose={() => setConfirm(null)} />
    </Container>
  );
}
