import { useId } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { AdminUserDetail } from '@accountry/shared/admin-users';
import type { ListingStatus } from '@accountry/shared/listings';
import type { ReportStatus, ReportTargetType } from '@accountry/shared/admin-reports';
import { ListingStatusBadge, ReportStatusBadge } from './badges';
import { formatPrice } from '../lib/format';
import { reportReasonLabel, reportTypeLabel } from '../lib/report-labels';
import { formatDateTime } from '../../../lib/format-time';

// Rows that wrap on a phone instead of a table scrolled sideways, whose status and price fell off the card's edge.
const rowList = { listStyle: 'none', padding: 0, margin: 0 } as const;
const rowItem = { borderTop: '1px solid var(--mantine-color-default-border)', paddingBlock: 8 } as const;
/**
 * Where a row has room for one line (from sm), its price is right-aligned in a column this wide, which holds the
 * dearest price a listing may have ($100,000.00); on a phone the price follows its status where the row wraps.
 */
const PRICE_COLUMN = '6rem';

/** A card read as a region by its heading. */
function TitledCard({ title, aside, children }: { title: string; aside?: React.ReactNode; children: React.ReactNode }) {
  const id = useId();
  return (
    <Card withBorder component="section" aria-labelledby={id}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Card>
  );
}

/** The newest listings of a user, each with its status and price, and a link to moderate them all. */
export function UserListingsCard({ user: u }: { user: AdminUserDetail }) {
  return (
    <TitledCard
      title={`Listings (${u.listingCount})`}
      aside={
        u.listingCount > 0 && (
          <Anchor component={Link} to={`/admin/listings?sellerId=${u.id}`} size="sm">
            Moderate all {u.listingCount} listings
          </Anchor>
        )
      }
    >
      {u.listingCount > u.listings.length && (
        <Text size="sm" c="dimmed" mb="xs">
          The {u.listings.length} newest:
        </Text>
      )}
      {u.listings.length === 0 ? (
        <Text c="dimmed" size="sm">
          No listings.
        </Text>
      ) : (
        <Stack component="ul" gap={0} style={rowList} aria-label="Listings of this user">
          {u.listings.map((l) => (
            <li key={l.id} style={rowItem}>
              <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
                {l.deletedAt != null ? (
                  <Text size="sm" c="dimmed" td="line-through" style={{ flex: '1 1 14rem', overflowWrap: 'anywhere' }}>
                    {l.title}
                  </Text>
                ) : (
                  <Anchor
                    component={Link}
                    to={`/account/${u.id}/${l.id}`}
                    size="sm"
                    style={{ flex: '1 1 14rem', overflowWrap: 'anywhere' }}
                  >
                    {l.title}
                  </Anchor>
                )}
                <Group gap="xs" wrap="nowrap">
                  <ListingStatusBadge status={l.status as ListingStatus} />
                  {l.deletedAt != null && (
                    <Text size="xs" c="dimmed">
                      Deleted
                    </Text>
                  )}
                  <Text size="sm" ta="right" miw={{ sm: PRICE_COLUMN }} style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatPrice(l.priceCents, l.currency)}
                  </Text>
                </Group>
              </Group>
              {l.hiddenReason && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {l.hiddenReason}
                </Text>
              )}
            </li>
          ))}
        </Stack>
      )}
    </TitledCard>
  );
}

/** Reports about the user or their listings, by the reason the reporter chose, each opening its report. */
export function UserReportsCard({ reports }: { reports: AdminUserDetail['reports'] }) {
  return (
    <TitledCard title="Reports about this user">
      {reports.length === 0 ? (
        <Text c="dimmed" size="sm">
          No reports.
        </Text>
      ) : (
        <Stack component="ul" gap={0} style={rowList}>
          {reports.map((r) => (
            <li key={r.id} style={rowItem}>
              <Group gap="xs" wrap="wrap">
                <Anchor
                  component={Link}
                  to={`/admin/reports/${r.id}`}
                  size="sm"
                  fw={600}
                  style={{ flex: '1 1 14rem', overflowWrap: 'anywhere' }}
                >
                  {reportReasonLabel(r.targetType as ReportTargetType, r.reason)}
                </Anchor>
                <ReportStatusBadge status={r.status as ReportStatus} />
                <Badge variant="outline" color="gray">
                  {reportTypeLabel(r.targetType as ReportTargetType)}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {formatDateTime(r.createdAt)}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </TitledCard>
  );
}
