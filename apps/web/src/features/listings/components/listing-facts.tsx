import { SimpleGrid, Text } from '@mantine/core';
import {
  ATTRIBUTE_KEYS,
  FLAG_ATTRIBUTES,
  CATEGORY_ATTRIBUTES,
  attributeLabel,
  formatAccountAge,
} from '@accountry/shared/listing-attributes';
import { DELIVERY_METHOD_LABELS, DELIVERY_TIME_LABELS } from '@accountry/shared/listings';
import type { ListingDetail } from '@accountry/shared/listing-detail';
import { categoryLabel, platformLabel, regionLabel } from '../../../components/listings/listing-format';
import { protectionLabel } from '../../../components/orders/protection';
import { formatDate } from '../../../lib/format-time';

function attributeValue(l: ListingDetail, key: (typeof ATTRIBUTE_KEYS)[number]): string | null {
  const v = l[key];
  if ((FLAG_ATTRIBUTES as readonly string[]).includes(key)) return v ? 'Yes' : 'No';
  if (v === null || v === undefined || v === '') return null;
  if (key === 'accountAgeMonths') return formatAccountAge(v as number);
  if (key === 'engagementRate') return `${v}%`;
  if (typeof v === 'number') return v.toLocaleString('en-US');
  return String(v);
}

/** Every attribute of the listing, as a term/description list. */
export function ListingFacts({ listing }: { listing: ListingDetail }) {
  const rows: Array<[string, string]> = [
    ['Category', categoryLabel(listing.category)],
    ['Platform or game', platformLabel(listing.platform)],
    ['Region', regionLabel(listing.region)],
  ];
  for (const key of ATTRIBUTE_KEYS) {
    if (!(key in CATEGORY_ATTRIBUTES[listing.category])) continue;
    const value = attributeValue(listing, key);
    if (value !== null) rows.push([attributeLabel(listing.category, key), value]);
  }
  rows.push(
    ['Delivery', DELIVERY_METHOD_LABELS[listing.deliveryMethod]],
    ['Delivery time', DELIVERY_TIME_LABELS[listing.deliveryTime]],
    ['Buyer protection', protectionLabel(listing.protectionDays)],
  );
  if (listing.publishedAt) rows.push(['Listed', formatDate(listing.publishedAt)]);
  rows.push(['Views', listing.viewCount.toLocaleString('en-US')]);
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={6} m={0}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <Text component="dt" size="xs" c="dimmed">
            {term}
          </Text>
          <Text component="dd" m={0} fw={500}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
