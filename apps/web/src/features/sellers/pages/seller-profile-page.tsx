import { useRef } from 'react';
import { useParams } from 'react-router';
import { Avatar, Badge, Card, Container, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { BrowseResponse } from '@accountry/shared/listing-browse';
import { formatActiveDay, formatResponseTime, type SellerProfile } from '@accountry/shared/sellers';
import { api, toQuery } from '../../../lib/api';
import { LoadError } from '../../../components/ui/load-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { PageLoadFailure } from '../../../components/ui/page-load-failure';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { ListingGrid } from '../../../components/listings/listing-grid';
import { useSession } from '../../../lib/session';
import { RatingSummary } from '../components/rating-summary';
import { ReviewList } from '../components/review-list';
import { usePageTitle } from '../../../lib/page-title';
import { formatDate } from '../../../lib/format-time';

const ROLE_LABELS = { buyer: 'Buyer', seller: 'Seller', both: 'Buyer & seller', admin: 'Admin' } as const;

/** /seller/{sellerId}: who the seller is, how buyers rate them, and what they sell now. */
export function Component() {
  const { sellerId = '' } = useParams();
  const { user } = useSession();
  const grid = useRef<HTMLDivElement>(null);
  const profile = useQuery({
    queryKey: ['seller', sellerId],
    queryFn: () => api<SellerProfile>(`/api/sellers/${encodeURIComponent(sellerId)}`),
  });
  const listings = useInfiniteQuery({
    queryKey: ['seller-listings', sellerId],
    queryFn: ({ pageParam }) => api<BrowseResponse>(`/api/listings${toQuery({ sellerId, cursor: pageParam })}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: profile.isSuccess,
  });
  usePageTitle(profile.data?.displayName);
  if (profile.isPending) return <PageSpinner label="Loading the seller…" />;
  if (profile.isError) {
    return (
      <PageLoadFailure
        error={profile.error}
        refetch={profile.refetch}
        failedTitle="The profile could not be loaded"
        missing={{
          title: 'Seller not found',
          description: 'This member may have left Accountry.',
          to: '/browse',
          action: 'Browse accounts',
        }}
      />
    );
  }
  const p = profile.data;
  const items = listings.data?.pages.flatMap((pg) => pg.items) ?? [];
  const stats: Array<[string, string]> = [
    ['Active listings', String(p.activeListings)],
    ['Listings sold', String(p.soldCount)],
    ['Safe deals completed', String(p.completedSales)],
    ['Dispute rate', p.disputeRate === null ? '—' : `${Math.round(p.disputeRate * 100)}%`],
    ['Response time', formatResponseTime(p.responseTimeMinutes)],
    ['Member since', formatDate(p.memberSince)],
    ['Last active', formatActiveDay(p.lastActive, Date.now())],
  ];
  return (
    <Container size="xl" py="xl">
      <Stack gap="xl">
        <Card withBorder padding="lg">
          <Grid gap="xl" align="center">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Group wrap="nowrap">
                <Avatar size={72} color="indigo" name={p.displayName} />
                <div className="user-text">
                  <Title order={1} fz={{ base: 24, sm: 30 }} className="user-text">
                    {p.displayName}
                  </Title>
                  <Group gap={6} mt={4}>
                    <Badge variant="light">{ROLE_LABELS[p.role]}</Badge>
                    {p.emailVerified && (
                      <Badge color="teal" variant="light" leftSection={<IconMailCheck size={12} />}>
                        Email verified
                      </Badge>
                    )}
                  </Group>
                </div>
              </Group>
              <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} mt="lg" mb={0} spacing="xs">
                {stats.map(([k, v]) => (
                  <div key={k}>
                    <Text component="dt" size="xs" c="dimmed">
                      {k}
                    </Text>
                    <Text component="dd" m={0} fw={600}>
                      {v}
                    </Text>
                  </div>
                ))}
              </SimpleGrid>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <RatingSummary
                average={p.rating.average}
                count={p.rating.count}
                breakdown={p.ratingBreakdown}
                reviewsHeadingId="seller-reviews"
              />
            </Grid.Col>
          </Grid>
        </Card>
        <section aria-label="Listings for sale">
          <Title order={2} mb="md">
            Listings for sale
          </Title>
          {listings.isError ? (
            <LoadError
              title="The seller's listings could not be loaded"
              error={listings.error}
              refetch={listings.refetch}
            />
          ) : !listings.isPending && items.length === 0 ? (
            <Text c="dimmed">No listings for sale right now.</Text>
          ) : (
            <ListingGrid
              ref={grid}
              listings={items}
              loading={listings.isPending || listings.isFetchingNextPage}
              label="Listings for sale"
            />
          )}
          {!listings.isError && <LoadMoreButton query={listings} list={grid} mt="md" />}
        </section>
        <section aria-label="Reviews">
          <Title order={2} mb="md" id="seller-reviews" tabIndex={-1}>
            Reviews
          </Title>
          <ReviewList sellerId={p.id} canReply={user?.uid === p.id} />
        </section>
      </Stack>
    </Container>
  );
}
