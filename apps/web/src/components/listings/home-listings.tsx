import { Link } from 'react-router';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { mayPass } from '../../lib/api';
import { LoadError } from '../ui/load-error';
import { ListingGrid } from './listing-grid';
import { homeListingsQuery } from './home-listings-query';

const COLS = { base: 1, xs: 2, md: 4 };

/** The home page's "Just listed" and "Popular right now" sections. */
export function HomeListings() {
  const query = useQuery(homeListingsQuery);
  if (query.isError)
    return (
      <Container size="lg" pb={48}>
        <LoadError
          title="Listings could not be loaded"
          error={query.error}
          refetch={mayPass(query.error) ? query.refetch : undefined}
        />
      </Container>
    );
  const sections = [
    {
      title: 'Just listed',
      to: '/browse?sort=newest',
      items: query.data?.recent ?? [],
      empty: 'No accounts are listed right now. New listings show here as sellers publish them.',
    },
    {
      title: 'Popular right now',
      to: '/browse?sort=most_viewed',
      items: query.data?.popular ?? [],
      empty: 'Nothing is popular yet. Listings show here as buyers look at them.',
    },
  ];
  return (
    <Container size="lg" pb={48}>
      <Stack gap={48}>
        {sections.map((s) => (
          <section key={s.title} aria-label={s.title}>
            <Group justify="space-between" mb="md">
              <Title order={2}>{s.title}</Title>
              <Button component={Link} to={s.to} variant="subtle">
                See all
              </Button>
            </Group>
            {query.isSuccess && s.items.length === 0 ? (
              <Text c="dimmed">{s.empty}</Text>
            ) : (
              <ListingGrid listings={s.items} loading={query.isPending} skeletons={4} cols={COLS} label={s.title} />
            )}
          </section>
        ))}
      </Stack>
    </Container>
  );
}
