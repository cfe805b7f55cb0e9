import { useRef } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Badge, Button, Card, Group, Select, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import {
  LISTING_CATEGORIES,
  CATEGORY_LABELS,
  LISTING_STATUSES,
  LISTING_STATUS_LABELS,
} from '@accountry/shared/listings';
import type { AdminListing } from '@accountry/shared/admin-listings';
import { adminApi, adminKeys, useAdminList } from '../api/admin-api';
import { ListingStatusBadge } from '../components/badges';
import { useConfirm, type ConfirmOptions } from '../../../components/ui/confirm-dialog';
import { ListingActions } from '../components/listing-actions';
import { AdminListTable, type AdminColumn } from '../components/admin-list-table';
import { SearchInput } from '../components/search-input';
import { formatPrice } from '../lib/format';
import { compact, useFilterParams } from '../lib/use-filter-params';
import { formatDate } from '../../../lib/format-time';

const FILTERS = ['q', 'status', 'category', 'review', 'deleted', 'sellerId'] as const;

/** The listing's title, linking to its page unless it was deleted. */
function ListingTitle({ l, fw }: { l: AdminListing; fw?: number }) {
  if (l.deletedAt != null)
    return (
      <Text fw={fw} c="dimmed" td="line-through">
        {l.title}
      </Text>
    );
  return (
    <Anchor component={Link} to={`/account/${l.sellerId}/${l.id}`} fw={fw}>
      {l.title}
    </Anchor>
  );
}

function StatusCell({ l }: { l: AdminListing }) {
  return (
    <Group gap={4}>
      <ListingStatusBadge status={l.status} />
      {l.reviewRequestedAt != null && (
        <Badge color="blue" variant="light">
          Review requested {formatDate(l.reviewRequestedAt)}
        </Badge>
      )}
      {l.deletedAt != null && (
        <Badge color="dark" variant="light">
          Deleted {formatDate(l.deletedAt)}
        </Badge>
      )}
    </Group>
  );
}

/** What the seller wrote when they asked for another look: their own words, as typed. */
function SellerNote({ l, size }: { l: AdminListing; size: 'xs' | 'sm' }) {
  if (l.reviewRequestedAt == null || !l.reviewRequestNote) return null;
  return (
    <Text size={size} mt={4} maw={size === 'xs' ? 260 : undefined} className="user-text">
      Seller's note: <q style={{ whiteSpace: 'pre-wrap' }}>{l.reviewRequestNote}</q>
    </Text>
  );
}

function Counts({ l }: { l: AdminListing }) {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return (
    <Text size="xs" c="dimmed">
      {plural(l.conversationCount, 'conversation')} · {plural(l.openReportCount, 'open report')}
    </Text>
  );
}

function ListingCard({ l, ask }: { l: AdminListing; ask: (o: ConfirmOptions) => void }) {
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <ListingTitle l={l} fw={600} />
          <Text size="sm">
            {formatPrice(l.priceCents, l.currency)} ·{' '}
            <Anchor component={Link} to={`/admin/users/${l.sellerId}`} size="sm">
              {l.sellerName}
            </Anchor>
          </Text>
        </div>
        <ListingActions listing={l} ask={ask} />
      </Group>
      <Group gap="xs" mt="xs">
        <StatusCell l={l} />
        {l.sellerDeleted && (
          <Text size="xs" c="red">
            Seller deleted
          </Text>
        )}
        {!l.sellerDeleted && l.sellerDisabled && (
          <Text size="xs" c="red">
            Seller disabled
          </Text>
        )}
      </Group>
      {l.hiddenReason && (
        <Text size="sm" c="dimmed" mt={4} className="user-text">
          Reason: {l.hiddenReason}
        </Text>
      )}
      <SellerNote l={l} size="sm" />
      <Counts l={l} />
    </Card>
  );
}

function columns(ask: (o: ConfirmOptions) => void): AdminColumn<AdminListing>[] {
  return [
    {
      header: 'Listing',
      cell: (l) => (
        <>
          <ListingTitle l={l} />
          <Counts l={l} />
        </>
      ),
    },
    {
      header: 'Seller',
      cell: (l) => (
        <>
          <Anchor component={Link} to={`/admin/users/${l.sellerId}`}>
            {l.sellerName}
          </Anchor>
          {l.sellerDeleted && (
            <Text size="xs" c="red">
              Account deleted
            </Text>
          )}
          {!l.sellerDeleted && l.sellerDisabled && (
            <Text size="xs" c="red">
              Account disabled
            </Text>
          )}
        </>
      ),
    },
    { header: 'Price', cell: (l) => formatPrice(l.priceCents, l.currency) },
    {
      header: 'Status',
      cell: (l) => (
        <>
          <StatusCell l={l} />
          {l.hiddenReason && (
            <Text size="xs" c="dimmed" maw={260} className="user-text">
              {l.hiddenReason}
            </Text>
          )}
          <SellerNote l={l} size="xs" />
        </>
      ),
    },
    { header: 'Created', cell: (l) => formatDate(l.createdAt) },
    { header: <VisuallyHidden>Actions</VisuallyHidden>, cell: (l) => <ListingActions listing={l} ask={ask} /> },
  ];
}

/**
 * /admin/listings: every listing in every status; hide, unhide and delete, and answer a seller's request for another
 * look at a hidden one (`review=requested` lists those waiting, decision 259).
 */
export function Component() {
  const { values, set } = useFilterParams(FILTERS);
  const filters = compact(values);
  const confirm = useConfirm();
  // A listing that left the list (a filter no longer matches it) takes the focus to the heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const ask = (o: ConfirmOptions) => confirm.ask({ ...o, returnFocusTo: () => o.returnFocusTo?.() ?? heading.current });
  const list = useAdminList(adminKeys.listings(filters), (cursor) => adminApi.listings({ ...filters, cursor }));

  return (
    <Stack>
      <Title order={1} ref={heading} tabIndex={-1}>
        Listings
      </Title>
      <AdminListTable
        label="Listings"
        list={list}
        rowKey={(l) => l.id}
        columns={columns(ask)}
        card={(l) => <ListingCard l={l} ask={ask} />}
        emptyText="No listings match these filters."
        loadingLabel="Loading listings…"
        minWidth={900}
        estimateRowHeight={64}
        estimateCardHeight={150}
        filterColumns={5}
        notice={
          values.sellerId && (
            <Alert variant="light" p="xs">
              <Group justify="space-between">
                <Text size="sm">Showing one seller's listings.</Text>
                <Button size="xs" variant="subtle" onClick={() => set('sellerId', null)}>
                  Show all sellers
                </Button>
              </Group>
            </Alert>
          )
        }
        filters={
          <>
            <SearchInput
              label="Search"
              placeholder="Title, platform or seller"
              value={values.q}
              onChange={(v) => set('q', v)}
            />
            <Select
              label="Status"
              placeholder="Any status"
              clearable
              data={LISTING_STATUSES.map((s) => ({ value: s, label: LISTING_STATUS_LABELS[s] }))}
              value={values.status || null}
              onChange={(v) => set('status', v)}
            />
            <Select
              label="Category"
              placeholder="Any category"
              clearable
              data={LISTING_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
              value={values.category || null}
              onChange={(v) => set('category', v)}
            />
            <Select
              label="Review"
              placeholder="Any listing"
              clearable
              data={[{ value: 'requested', label: 'Review requested' }]}
              value={values.review || null}
              onChange={(v) => set('review', v)}
            />
            <Select
              label="Deleted"
              placeholder="All listings"
              clearable
              data={[
                { value: 'no', label: 'Not deleted' },
                { value: 'yes', label: 'Deleted only' },
              ]}
              value={values.deleted || null}
              onChange={(v) => set('deleted', v)}
            />
          </>
        }
      />
      {confirm.dialog}
    </Stack>
  );
}
