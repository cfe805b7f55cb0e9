import { Link } from 'react-router';
import { Anchor, Avatar, Badge, Card, Group, Rating, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { formatActiveDay, formatRating, formatResponseTime, type SellerSummary } from '@accountry/shared/sellers';
import { sellerPath } from '../../../components/listings/listing-format';
import { formatDate } from '../../../lib/format-time';

const ROLE_LABELS = { buyer: 'Buyer', seller: 'Seller', both: 'Buyer & seller', admin: 'Admin' } as const;

/** Who sells the account: name, trust signals and track record. */
export function SellerCard({ seller }: { seller: SellerSummary }) {
  const facts: Array<[string, string]> = [
    ['Member since', formatDate(seller.memberSince)],
    ['Active listings', String(seller.activeListings)],
    ['Listings sold', String(seller.soldCount)],
    ['Response time', formatResponseTime(seller.responseTimeMinutes)],
    ['Last active', formatActiveDay(seller.lastActive, Date.now())],
  ];
  return (
    <Card withBorder padding="md" component="section" aria-label="About the seller">
      <Group wrap="nowrap">
        <Avatar size="lg" color="indigo" name={seller.displayName} />
        <Stack gap={2} miw={0}>
          {/* Wrapped, never cut: a phone's card is narrower than the longest name (40 characters, maybe one word). */}
          <Anchor component={Link} to={sellerPath(seller.id)} fw={700} style={{ overflowWrap: 'anywhere' }}>
            {seller.displayName}
          </Anchor>
          <Group gap={6}>
            <Badge size="sm" variant="light">
              {ROLE_LABELS[seller.role]}
            </Badge>
            {seller.emailVerified && (
              <Badge size="sm" color="teal" variant="light" leftSection={<IconMailCheck size={12} />}>
                Email verified
              </Badge>
            )}
          </Group>
          <Group gap={6}>
            <Rating value={seller.rating.average ?? 0} fractions={10} readOnly size="xs" aria-hidden />
            <Text
              size="sm"
              aria-label={`Rating ${formatRating(seller.rating.average)} from ${seller.rating.count} reviews`}
            >
              {formatRating(seller.rating.average)}
              {seller.rating.count ? ` (${seller.rating.count})` : ''}
            </Text>
          </Group>
        </Stack>
      </Group>
      <SimpleGrid component="dl" cols={2} spacing="xs" verticalSpacing={4} mt="md" mb={0}>
        {facts.map(([k, v]) => (
          <div key={k}>
            <Text component="dt" size="xs" c="dimmed">
              {k}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {v}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}
