import { useRef } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Card,
  Container,
  Grid,
  Group,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconEdit, IconEyeOff, IconFlag } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatPrice } from '@accountry/shared/listing-attributes';
import { DELIVERY_TIME_LABELS, LISTING_STATUS_LABELS } from '@accountry/shared/listings';
import { DELIVERY_DEADLINE_NOTES } from '@accountry/shared/delivery-deadline';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { PageLoadFailure } from '../../../components/ui/page-load-failure';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { FavoriteButton } from '../../../components/listings/favorite-button';
import { StatusBadge } from '../../../components/listings/status-badge';
import { OfferPanel, WaitingOffersNote, useListingOffer } from '../../../components/orders/offer-panel';
import { protectionLabel } from '../../../components/orders/protection';
import { categoryLabel, listingPath, platformLabel } from '../../../components/listings/listing-format';
import { fetchListing, listingKeys } from '../api/listings-api';
import { Gallery } from '../components/gallery';
import { ListingFacts } from '../components/listing-facts';
import { SellerCard } from '../components/seller-card';
import { ReportDialog } from '../components/report-dialog';
import { ReviewBox } from '../components/review-box';
import { SimilarListings } from '../components/similar-listings';
import { ListingActionBar } from '../components/listing-action-bar';
import { buyerActions, listingBarNote } from '../components/listing-buyer-actions';
import { usePageTitle } from '../../../lib/page-title';

/** /account/{userId}/{id}: everything about one account for sale. */
export function Component() {
  const { userId = '', id = '' } = useParams();
  const [reportOpen, report] = useDisclosure(false);
  const query = useQuery({ queryKey: listingKeys.detail(id), queryFn: () => fetchListing(id) });
  usePageTitle(query.data?.title);
  const offer = useListingOffer(query.data);
  const confirm = useConfirm();
  const priceCard = useRef<HTMLElement>(null);
  if (query.isPending) return <PageSpinner label="Loading the listing…" />;
  if (query.isError) {
    return (
      <PageLoadFailure
        error={query.error}
        refetch={query.refetch}
        failedTitle="The listing could not be loaded"
        missing={{
          title: 'This listing is not available',
          description: 'It may have been sold, removed by the seller or hidden by a moderator.',
          to: '/browse',
          action: 'Browse accounts',
        }}
      />
    );
  }
  const l = query.data;
  if (l.sellerId !== userId) return <Navigate to={listingPath(l)} replace />;
  const unavailable = l.status === 'sold' || l.status === 'reserved';
  const block = l.isOwner ? null : l.block;
  const price = formatPrice(l.priceCents, l.currency);
  const buyer = l.isOwner ? null : buyerActions({ listing: l, offer, ask: confirm.ask, priceCard });
  const ownerActions = (
    <Button component={Link} to={`/listing-management/${l.id}/edit`} leftSection={<IconEdit size={18} />}>
      Edit listing
    </Button>
  );

  return (
    <Container size="xl" py="xl">
      <Stack gap="xl">
        <Breadcrumbs aria-label="Breadcrumb">
          <Anchor component={Link} to="/browse">
            Browse
          </Anchor>
          <Anchor component={Link} to={`/browse?category=${l.category}`}>
            {categoryLabel(l.category)}
          </Anchor>
          <Anchor component={Link} to={`/browse?category=${l.category}&platform=${l.platform}`}>
            {platformLabel(l.platform)}
          </Anchor>
        </Breadcrumbs>
        {l.status === 'hidden' && (
          // The moderator's reason may hold a pasted link: wrapped within a phone's screen like the title.
          <Alert color="red" icon={<IconEyeOff />} title="Hidden by a moderator" style={{ overflowWrap: 'anywhere' }}>
            {l.isOwner
              ? 'Only you and admins can see this listing.'
              : 'Only its seller and admins can see this listing.'}{' '}
            Reason: {l.hiddenReason ?? 'not given'}
            {l.isOwner && (
              // Where a seller who just saved a fix lands: the editor is where they ask for another look (decision 259).
              <>
                {' '}
                <Anchor component={Link} to={`/listing-management/${l.id}/edit`}>
                  Fix it and ask for a review
                </Anchor>
              </>
            )}
          </Alert>
        )}
        {l.status === 'draft' && (
          <Alert color="gray" title="Draft">
            This listing is not published yet; only its seller and admins can see it.
          </Alert>
        )}
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
            <Stack gap="lg">
              <Gallery images={l.images} title={l.title} />
              <div>
                <Group gap="xs" mb={4}>
                  <Badge variant="light">{platformLabel(l.platform)}</Badge>
                  <Text size="sm" c="dimmed">
                    {categoryLabel(l.category)}
                  </Text>
                </Group>
                {/* Wrapped, never cut: a title may be one long word (underscores, a pasted link) wider than a phone. */}
                <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
                  {l.title}
                </Title>
              </div>
              <Card withBorder component="section" aria-label="Account details">
                <Title order={2} size="h4" mb="sm">
                  Account details
                </Title>
                <ListingFacts listing={l} />
              </Card>
              <section aria-label="Description">
                <Title order={2} size="h4" mb="xs">
                  Description
                </Title>
                <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{l.description}</Text>
              </section>
              {l.status === 'sold' && <ReviewBox listing={l} />}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
            {/* The phone's bar, fixed at the bottom of the screen: read and tabbed to here, after the account and
                before the price card, not after the similar accounts at the end of the page. */}
            <ListingActionBar
              price={price}
              note={listingBarNote(l, offer)}
              actions={l.isOwner ? ownerActions : buyer?.bar}
            />
            <Stack gap="md" pos="sticky" top={80}>
              <Card ref={priceCard} tabIndex={-1} withBorder padding="lg" component="section" aria-label="Price">
                <Group justify="space-between" align="flex-start">
                  <div>
                    <Text fz={32} fw={800} lh={1}>
                      {price}
                    </Text>
                    {l.negotiable && !block && (
                      <Text size="sm" c="var(--mantine-color-teal-light-color)" mt={4}>
                        Price negotiable
                      </Text>
                    )}
                  </div>
                  {l.status !== 'active' && <StatusBadge status={l.status} />}
                </Group>
                <Text size="sm" mt="xs">
                  Delivery: {DELIVERY_TIME_LABELS[l.deliveryTime].toLowerCase()} · {protectionLabel(l.protectionDays)}
                </Text>
                {/* What the seller is held to, for someone who can buy now. */}
                {l.status === 'active' && !l.isOwner && !block && (
                  <Text size="xs" c="dimmed" mt={4}>
                    {DELIVERY_DEADLINE_NOTES.buyer(l.deliveryTime)}
                  </Text>
                )}
                {unavailable && (
                  <Text size="sm" c="dimmed" mt="xs">
                    This account is {LISTING_STATUS_LABELS[l.status].toLowerCase()}.
                  </Text>
                )}
                <Stack gap="xs" mt="md">
                  {l.isOwner ? (
                    <>
                      <Stack visibleFrom="md">{ownerActions}</Stack>
                      <WaitingOffersNote listing={l} />
                      <Text size="sm" c="dimmed">
                        Saved by {l.favoriteCount ?? 0} {l.favoriteCount === 1 ? 'member' : 'members'} ·{' '}
                        {l.viewCount.toLocaleString('en-US')} views
                      </Text>
                    </>
                  ) : (
                    <>
                      {buyer?.card}
                      <OfferPanel offer={offer} />
                      <FavoriteButton
                        variant="button"
                        listingId={l.id}
                        sellerId={l.sellerId}
                        title={l.title}
                        isFavorite={l.isFavorite}
                      />
                      <Button variant="subtle" color="gray" leftSection={<IconFlag size={16} />} onClick={report.open}>
                        Report listing
                      </Button>
                    </>
                  )}
                </Stack>
              </Card>
              <SellerCard seller={l.seller} />
              <Text size="xs" c="dimmed">
                Never share the passwords of your own accounts. Keep the deal in the Accountry chat, so there is a
                record of what was agreed, and check the account together with the seller before you pay.
              </Text>
            </Stack>
          </Grid.Col>
        </Grid>
        <SimilarListings listingId={l.id} />
      </Stack>
      {!l.isOwner && <ReportDialog listingId={l.id} opened={reportOpen} onClose={report.close} />}
      {confirm.dialog}
      {offer.dialog}
    </Container>
  );
}
