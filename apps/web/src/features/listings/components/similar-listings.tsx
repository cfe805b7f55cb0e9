import { Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ListingGrid } from '../../../components/listings/listing-grid';
import { fetchSimilar, listingKeys } from '../api/listings-api';

export function SimilarListings({ listingId }: { listingId: string }) {
  const query = useQuery({ queryKey: listingKeys.similar(listingId), queryFn: () => fetchSimilar(listingId) });
  if (query.isError || (query.data && query.data.items.length === 0)) return null;
  return (
    <section aria-label="Similar listings">
      <Title order={2} size="h3" mb="md">
        Similar accounts
      </Title>
      <ListingGrid
        listings={query.data?.items ?? []}
        loading={query.isPending}
        skeletons={3}
        cols={{ base: 1, xs: 2, md: 3 }}
        label="Similar accounts"
      />
    </section>
  );
}
