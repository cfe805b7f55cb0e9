import { Link } from 'react-router';
import { Anchor, AspectRatio, Badge, Box, Card, Group, Image, Skeleton, Stack, Text } from '@mantine/core';
import { IconPhoto, IconRosetteDiscountCheck, IconShieldCheck } from '@tabler/icons-react';
import { formatPrice } from '@accountry/shared/listing-attributes';
import type { ListingCard as Listing } from '@accountry/shared/listing-schemas';
import { categoryLabel, keyFacts, listingPath, platformLabel } from './listing-format';
import { FavoriteButton } from './favorite-button';
import { StatusBadge } from './status-badge';
import { protectionLabel } from '../orders/protection';

/** A listing in a grid: screenshot, platform, title, key facts and price; the title links to the detail page. */
export function ListingCard({ listing }: { listing: Listing }) {
  const to = listingPath(listing);
  const facts = keyFacts(listing);
  return (
    <Card withBorder padding="sm" radius="md" component="article" aria-label={listing.title} h="100%">
      <Card.Section pos="relative">
        <Link to={to} tabIndex={-1} aria-hidden>
          <AspectRatio ratio={4 / 3}>
            {listing.thumbUrl ? (
              <Image src={listing.thumbUrl} alt="" width={480} height={360} loading="lazy" decoding="async" />
            ) : (
              <Box bg="gray.1" style={{ display: 'grid', placeItems: 'center' }}>
                <IconPhoto color="gray" />
              </Box>
            )}
          </AspectRatio>
        </Link>
        <Box pos="absolute" top={8} right={8}>
          <FavoriteButton
            listingId={listing.id}
            sellerId={listing.sellerId}
            title={listing.title}
            isFavorite={listing.isFavorite}
          />
        </Box>
        {listing.status !== 'active' && (
          <Box pos="absolute" top={8} left={8}>
            <StatusBadge status={listing.status} />
          </Box>
        )}
        {listing.imageCount > 1 && (
          <Badge
            pos="absolute"
            bottom={8}
            right={8}
            size="sm"
            color="dark"
            variant="filled"
            leftSection={<IconPhoto size={12} />}
            aria-label={`${listing.imageCount} screenshots`}
          >
            {listing.imageCount}
          </Badge>
        )}
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Group gap={6} wrap="nowrap">
          <Badge variant="light" size="sm">
            {platformLabel(listing.platform)}
          </Badge>
          <Text size="xs" c="dimmed" truncate>
            {categoryLabel(listing.category)}
          </Text>
        </Group>
        <Anchor component={Link} to={to} fw={600} c="dark" lineClamp={2} underline="hover">
          {listing.title}
        </Anchor>
        {facts.length > 0 && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {facts.join(' · ')}
          </Text>
        )}
        {listing.protectionDays > 0 && (
          <Group gap={4} wrap="nowrap">
            <IconShieldCheck size={14} color="var(--mantine-color-teal-9)" aria-hidden />
            <Text size="xs" c="teal.9">
              {protectionLabel(listing.protectionDays)}
            </Text>
          </Group>
        )}
        <Group justify="space-between" mt="auto" wrap="nowrap" align="flex-end">
          <div>
            <Text fw={800} size="lg" lh={1.1}>
              {formatPrice(listing.priceCents, listing.currency)}
            </Text>
            {listing.negotiable && (
              <Text size="xs" c="var(--mantine-color-teal-light-color)">
                Negotiable
              </Text>
            )}
          </div>
          <Group gap={4} wrap="nowrap" miw={0}>
            {listing.verified && (
              <IconRosetteDiscountCheck size={16} color="var(--mantine-color-blue-6)" aria-label="Verified" />
            )}
            <Text size="xs" c="dimmed" truncate maw={110}>
              {listing.sellerName}
            </Text>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

export function ListingCardSkeleton() {
  return (
    <Card withBorder padding="sm" radius="md" aria-hidden>
      <Card.Section>
        <AspectRatio ratio={4 / 3}>
          <Skeleton radius={0} />
        </AspectRatio>
      </Card.Section>
      <Skeleton h={14} w="40%" mt="sm" />
      <Skeleton h={16} mt="xs" />
      <Skeleton h={16} w="70%" mt={6} />
      <Skeleton h={22} w="35%" mt="md" />
    </Card>
  );
}
