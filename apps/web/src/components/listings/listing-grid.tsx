import type { Ref } from 'react';
import { SimpleGrid } from '@mantine/core';
import type { ListingCard as Listing } from '@accountry/shared/listing-schemas';
import { ListingCard, ListingCardSkeleton } from './listing-card';

const COLS = { base: 1, xs: 2, md: 3, lg: 4 };

/** Cards in a responsive grid; skeletons while loading. */
export function ListingGrid({
  listings,
  loading = false,
  skeletons = 8,
  cols = COLS,
  label,
  ref,
}: {
  listings: Listing[];
  loading?: boolean;
  skeletons?: number;
  cols?: typeof COLS | Record<string, number>;
  label?: string;
  /** The list (its children are the cards), for "Load more" to focus the first card it added. */
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <SimpleGrid
      ref={ref}
      cols={cols}
      spacing="md"
      verticalSpacing="md"
      component="ul"
      role="list"
      aria-label={label}
      aria-busy={loading}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {listings.map((l) => (
        <li key={l.id}>
          <ListingCard listing={l} />
        </li>
      ))}
      {loading &&
        Array.from({ length: skeletons }, (_, i) => (
          <li key={`s${i}`}>
            <ListingCardSkeleton />
          </li>
        ))}
    </SimpleGrid>
  );
}
