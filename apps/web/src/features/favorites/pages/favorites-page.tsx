import { useRef } from 'react';
import { Link } from 'react-router';
import {
  Anchor,
  AspectRatio,
  Badge,
  Button,
  Card,
  Center,
  CloseButton,
  Container,
  EmptyState,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconHeartOff, IconPhotoOff } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { FAVORITE_AVAILABILITY_LABELS, type FavoriteItem, type FavoritesPage } from '@accountry/shared/favorites';
import { formatPrice } from '@accountry/shared/listing-attributes';
import { api, toQuery } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { listingPath, platformLabel } from '../../../components/listings/listing-format';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { LoadError } from '../../../components/ui/load-error';
import { favoriteChanged } from '../../../components/listings/favorite-changed';
import { focusLeaving, pageHeading } from '../../../lib/focus-targets';
import { formatDate } from '../../../lib/format-time';

const COLORS = { available: 'green', reserved: 'yellow', sold: 'blue', removed: 'gray' } as const;

function FavoriteRow({ item, onRemove, removing }: { item: FavoriteItem; onRemove: () => void; removing: boolean }) {
  const l = item.listing;
  const title = l?.title ?? 'Listing no longer available';
  const available = item.availability === 'available';
  return (
    // No longer for sale: a grey card and a faded photo; the text keeps its full contrast.
    <Card withBorder padding="sm" component="article" aria-label={title} bg={available ? undefined : 'gray.0'}>
      <Group wrap="nowrap" align="flex-start">
        <AspectRatio ratio={4 / 3} w={120} style={{ flexShrink: 0 }}>
          {l?.thumbUrl ? (
            // width/height reserve the 4:3 box while the photo loads; h="auto" lets the 120px width set the height.
            <Image
              src={l.thumbUrl}
              alt=""
              width={480}
              height={360}
              h="auto"
              loading="lazy"
              radius="sm"
              fit="cover"
              opacity={available ? undefined : 0.6}
              style={{ filter: item.availability === 'sold' ? 'grayscale(0.8)' : undefined }}
            />
          ) : (
            <Center bg="gray.1" style={{ borderRadius: 4 }}>
              <IconPhotoOff color="gray" />
            </Center>
          )}
        </AspectRatio>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Badge color={COLORS[item.availability]} variant="light">
              {FAVORITE_AVAILABILITY_LABELS[item.availability]}
            </Badge>
            {l && (
              <Text size="xs" c="dimmed">
                {platformLabel(l.platform)}
              </Text>
            )}
          </Group>
          {l ? (
            <Anchor component={Link} to={listingPath(l)} fw={600} lineClamp={2} className="user-text">
              {l.title}
            </Anchor>
          ) : (
            <Text fw={600} c="dimmed">
              {title}
            </Text>
          )}
          {l ? (
            <Text fw={800} td={item.availability === 'sold' ? 'line-through' : undefined}>
              {formatPrice(l.priceCents, l.currency)}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              The seller removed it or a moderator hid it.
            </Text>
          )}
          <Text size="xs" c="dimmed" className="user-text">
            Saved {formatDate(item.favoritedAt)}
            {l ? ` · ${l.sellerName}` : ''}
          </Text>
        </Stack>
        <CloseButton aria-label={`Remove ${title} from favorites`} onClick={onRemove} disabled={removing} />
      </Group>
    </Card>
  );
}

/** /favorites: saved listings with their current price and status; sold and removed ones stay, marked so. */
export function Component() {
  const client = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: ['favorites'],
    queryFn: ({ pageParam }) => api<FavoritesPage>(`/api/favorites${toQuery({ cursor: pageParam })}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const remove = useMutation({
    mutationFn: (listingId: string) => api(`/api/favorites/${encodeURIComponent(listingId)}`, { method: 'DELETE' }),
    onSuccess: async (_d, listingId) => {
      toast.success('Removed from your favorites');
      // The heart's own update: the listing's page and cards, cached, stop showing it as a favorite.
      await favoriteChanged(client, listingId, false);
      // The row is gone with its button, which had the focus: the page's heading takes it, as on /saved-searches.
      if (focusLeaving()) pageHeading()?.focus();
    },
    onError: (err) => toast.error(err.message),
  });
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const list = useRef<HTMLDivElement>(null);
  const total = query.data?.pages[0]?.total;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Favorites</Title>
          {/* The count only when it is known: not while loading, nor when loading failed. */}
          {query.isPending ? (
            <Text c="dimmed">Loading…</Text>
          ) : (
            total !== undefined && <Text c="dimmed">{`${total} saved ${total === 1 ? 'listing' : 'listings'}`}</Text>
          )}
        </div>
        {query.isError && (
          <LoadError title="Your favorites could not be loaded" error={query.error} refetch={query.refetch} />
        )}
        {!query.isPending && !query.isError && items.length === 0 && (
          <EmptyState
            icon={<IconHeartOff />}
            title="No favorites yet"
            description="Tap the heart on a listing to keep it here and follow its price and status."
          >
            <Button component={Link} to="/browse">
              Browse accounts
            </Button>
          </EmptyState>
        )}
        <SimpleGrid
          ref={list}
          cols={1}
          spacing="sm"
          component="ul"
          role="list"
          aria-label="Saved listings"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {items.map((item) => (
            <li key={item.listingId}>
              <FavoriteRow
                item={item}
                removing={remove.isPending && remove.variables === item.listingId}
                onRemove={() => remove.mutate(item.listingId)}
              />
            </li>
          ))}
        </SimpleGrid>
        <LoadMoreButton query={query} list={list} />
      </Stack>
    </Container>
  );
}
