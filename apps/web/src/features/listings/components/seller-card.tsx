import { Link } from 'react-router';
import { Anchor, Avatar, Badge, Card, Group, Rating, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { formatActiveDay, formatRating, formatResponseTime, type SellerSummary } from '@accountry/shared/sellers';
import { sellerPath } from '../../../components/listings/listing-format';
import { formatDate } from '../../../lib/format-time';

/** The rating in words, as a screen reader reads it: "Rated 4.5 out of 5 from 1 review", or "No reviews yet". */
function ratingWords({ average, count }: SellerSummary['rating']) {
  if (average === null || count === 0) return 'No reviews yet';
  return `Rated ${formatRating(average)} out of 5 from ${count} ${count === 1 ? 'review' : 'reviews'}`;
}

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
          <Anchor component={Link} to={sellerPath(seller.id)} fw={700} className="user-text">
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
            {/* A label on a paragraph is not read: the words are hidden text, the short figures hidden from readers. */}
            <Text size="sm">
              <span aria-hidden>
                {formatRating(seller.rating.average)}
                {seller.rating.count ? ` (${seller.rating.count})` : ''}
              </span>
              <VisuallyHidden>{ratingWords(seller.rating)}</VisuallyHidden>
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
