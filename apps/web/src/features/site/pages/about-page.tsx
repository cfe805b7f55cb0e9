import { Button, Container, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconEye, IconGavel, IconMailCheck, IconMessages, IconShieldCheck, IconStar } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const values: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <IconShieldCheck size={20} />,
    title: 'Safety first',
    text: 'Rules against stolen, hacked or misrepresented accounts, tools to report suspicious listings and conversations, and guidance on handing over an account securely.',
  },
  {
    icon: <IconEye size={20} />,
    title: 'Transparent listings',
    text: 'Every listing shows structured attributes such as platform, region, level or follower count, together with screenshots and a clear price, so you know what you are looking at before you ask.',
  },
  {
    icon: <IconMailCheck size={20} />,
    title: 'Verified email addresses',
    text: 'Every member confirms their email address before they can trade, which keeps throwaway and fake profiles to a minimum.',
  },
  {
    icon: <IconMessages size={20} />,
    title: 'Realtime chat with sellers',
    text: 'Ask questions, request extra screenshots and agree on the handover directly with the seller in a built-in chat, without sharing personal contact details.',
  },
  {
    icon: <IconGavel size={20} />,
    title: 'Moderation by admins',
    text: 'Our admins review reports, hide listings that break the rules and disable accounts that abuse the marketplace or other members.',
  },
  {
    icon: <IconStar size={20} />,
    title: 'Honest reviews',
    text: 'After a deal, buyers rate sellers. Ratings are visible on every listing, so a good track record counts and a bad one is hard to hide.',
  },
];

export function Component() {
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>About Accountry</Title>
          <Text size="lg">
            Accountry is an online marketplace for buying and selling accounts: game accounts with rare items and high
            ranks, platform and subscription accounts, and social-media accounts with an established audience.
          </Text>
          <Text>
            Trading accounts has long happened in forums, comment sections and private messages, where it is hard to
            tell who you are dealing with and easy to get scammed. We built Accountry to give that trade a proper home:
            structured listings you can search and compare, profiles with a verified email address and a public rating,
            a chat that keeps the whole conversation in one place, and a team of admins who step in when something goes
            wrong.
          </Text>
        </Stack>

        <Stack gap="sm">
          <Title order={2}>Who it is for</Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Paper withBorder p="md" radius="md">
              <Title order={3} size="h4" mb="xs">
                Buyers
              </Title>
              <Text size="sm">
                Skip the grind or get a head start. Browse and filter listings by category, platform and price, compare
                offers, and talk to the seller before you commit.
              </Text>
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Title order={3} size="h4" mb="xs">
                Sellers
              </Title>
              <Text size="sm">
                Moving on from a game or a channel? List the account with its attributes and screenshots, answer
                questions in chat and build a reputation through reviews.
              </Text>
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Title order={3} size="h4" mb="xs">
                Both
              </Title>
              <Text size="sm">
                Many members do both: they sell the accounts they no longer use and buy the ones they want next. One
                profile covers both roles, with your listings, favorites and chats in one place.
              </Text>
            </Paper>
          </SimpleGrid>
        </Stack>

        <Stack gap="sm">
          <Title order={2}>What we stand for</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {values.map((v) => (
              <Group key={v.title} align="flex-start" wrap="nowrap">
                <ThemeIcon size={40} radius="md" variant="light">
                  {v.icon}
                </ThemeIcon>
                <div>
                  <Text fw={600}>{v.title}</Text>
                  <Text size="sm" c="dimmed">
                    {v.text}
                  </Text>
                </div>
              </Group>
            ))}
          </SimpleGrid>
        </Stack>

        <Stack gap="sm">
          <Title order={2}>A safe deal, every time</Title>
          <Text>
            The buyer pays Accountry, not the seller. We hold the money while the seller hands over the account, the
            buyer checks it and the protection period runs, and only then pay the seller; if something goes wrong, an
            admin decides the dispute. Before buying, check the rules of the game or platform in question: some
            publishers do not allow accounts to be transferred. The How it works guide and our terms of service explain
            the details.
          </Text>
        </Stack>

        <Paper withBorder p="xl" radius="md">
          <Stack gap="sm" align="flex-start">
            <Title order={2}>Ready to get started?</Title>
            <Text>
              Have a look at what is on offer right now, or create a free account to start chatting with sellers, save
              favorites and publish your own listings.
            </Text>
            <Group>
              <Button component={Link} to="/browse">
                Browse listings
              </Button>
              <Button component={Link} to="/signup" variant="light">
                Create an account
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
