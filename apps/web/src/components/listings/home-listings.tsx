import { Link } from 'react-router';
import { Alert, Button, Container, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ListingGrid } from './listing-grid';
import { homeListingsQuery } from './home-listings-query';

const COLS = { base: 1, xs: 2, md: 4 };

/** The home page's "Just listed" and "Popular right now" sections. */
export function HomeListings() {
  const query = useQuery(homeListingsQuery);
  if (query.isError)
    return (
      <Container size="lg" pb={48}>
        <Alert color="red" title="Listings could not be loaded">
          {query.error.message}
        </Alert>
      </Container>
    );
  const sections = [
    { title: 'Just listed', to: '/browse?sort=newest', items: query.data?.recent ?? [] },
    { title: 'Popular right now', to: '/browse?sort=most_viewed', items: query.data?.popular ?? [] },
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
            <ListingGrid listings={s.items} loading={query.isPending} skeletons={4} cols={COLS} label={s.title} />
          </section>
        ))}
      </Stack>
    </Container>
  );
}
