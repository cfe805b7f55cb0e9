import { Link } from 'react-router';
import { Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBrandInstagram,
  IconDeviceGamepad2,
  IconMessages,
  IconMovie,
  IconShieldCheck,
  IconStar,
} from '@tabler/icons-react';
import { useSession } from '../../../lib/session';
import { HomeListings } from '../../../components/listings/home-listings';

const CATEGORIES = [
  {
    icon: IconDeviceGamepad2,
    title: 'Game accounts',
    text: 'Ranked, levelled and skin-rich accounts for Valorant, Fortnite, Genshin, League of Legends and more.',
    category: 'game',
  },
  {
    icon: IconBrandInstagram,
    title: 'Social-media accounts',
    text: 'Established Instagram, TikTok, YouTube and X accounts with real followers and engagement.',
    category: 'social',
  },
  {
    icon: IconMovie,
    title: 'Streaming & subscriptions',
    text: 'Spotify, Netflix and other subscription accounts with their remaining term stated up front.',
    category: 'streaming',
  },
];

const PROMISES = [
  {
    icon: IconShieldCheck,
    title: 'Verified sellers',
    text: 'Every member confirms their email address, and admins moderate listings and reports.',
  },
  {
    icon: IconMessages,
    title: 'Talk before you buy',
    text: 'Ask the seller anything in realtime chat before you agree on a deal.',
  },
  {
    icon: IconStar,
    title: 'Reviews that count',
    text: 'Only buyers of a sold listing can review its seller, once per listing.',
  },
];

export function Component() {
  const { user } = useSession();
  return (
    <>
      <Container size="lg" py={64}>
        <Stack gap="md" maw={720}>
          <Badge variant="light" size="lg">
            The account marketplace
          </Badge>
          <Title order={1} fz={{ base: 32, sm: 46 }}>
            Buy and sell game, platform and social-media accounts, safely.
          </Title>
          <Text size="lg" c="dimmed">
            Accountry connects people who want a levelled-up game account, an established social profile or a
            subscription with sellers who have one to pass on. Search hundreds of listings, compare attributes and talk
            to the seller before you buy.
          </Text>
          <Group>
            <Button component={Link} to="/browse" size="md">
              Browse accounts
            </Button>
            {!user && (
              <Button component={Link} to="/signup" size="md" variant="default">
                Sign up free
              </Button>
            )}
            {/* A seller's next step from here: a new seller has nothing else to find on this page. */}
            {(user?.role === 'seller' || user?.role === 'both') && (
              <Button component={Link} to="/listing-management/new" size="md" variant="default">
                List an account
              </Button>
            )}
            <Button component={Link} to="/how-it-works" size="md" variant="subtle">
              How it works
            </Button>
          </Group>
        </Stack>
      </Container>
      <Container size="lg" pb={48}>
        <Title order={2} mb="md">
          What you can find
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {CATEGORIES.map((c) => (
            <Card
              key={c.title}
              withBorder
              padding="lg"
              component={Link}
              to={`/browse?category=${c.category}`}
              className="mantine-focus-auto"
            >
              <ThemeIcon size="xl" variant="light" mb="sm">
                <c.icon />
              </ThemeIcon>
              <Text fw={700}>{c.title}</Text>
              <Text size="sm" c="dimmed">
                {c.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
      <HomeListings />
      <Container size="lg" pb={64}>
        <Title order={2} mb="md">
          Why Accountry
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {PROMISES.map((p) => (
            <Group key={p.title} align="flex-start" wrap="nowrap">
              <ThemeIcon size="lg" radius="xl" variant="light" color="teal">
                <p.icon size={18} />
              </ThemeIcon>
              <div>
                <Text fw={700}>{p.title}</Text>
                <Text size="sm" c="dimmed">
                  {p.text}
                </Text>
              </div>
            </Group>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}
