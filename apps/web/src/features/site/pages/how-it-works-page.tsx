import { Accordion, Anchor, Container, List, Paper, Stack, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconMessages } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Step = { title: string; body: ReactNode };

const buyingSteps: Step[] = [
  {
    title: 'Create an account and verify your email',
    body: (
      <>
        <Anchor component={Link} to="/signup">
          Sign up
        </Anchor>{' '}
        as a buyer (or as both buyer and seller) and confirm your email address with the link we send you. Only verified
        members can chat with sellers.
      </>
    ),
  },
  {
    title: 'Browse and filter',
    body: (
      <>
        Go to{' '}
        <Anchor component={Link} to="/browse">
          Browse
        </Anchor>{' '}
        and narrow the results by category, game or platform, price and other attributes. Save listings you like to your
        favorites to compare them later.
      </>
    ),
  },
  {
    title: 'Check the listing carefully',
    body: 'Open a listing and read its attributes, description and screenshots. Look at the seller’s rating and reviews from earlier buyers. If something is unclear or missing, ask before you agree to anything.',
  },
  {
    title: 'Message the seller',
    body: 'Use the chat on the listing to ask questions, request extra screenshots and agree on the price, the payment method and exactly how the account will be handed over.',
  },
  {
    title: 'Pay and take over the account',
    body: 'Pay and receive the credentials as agreed with the seller. Log in straight away, then change the password and the recovery email (and phone number or two-factor settings, if any) so that only you control the account.',
  },
  {
    title: 'Leave a review',
    body: 'Once everything works, rate the seller and describe how the deal went. Honest reviews help other buyers and reward reliable sellers.',
  },
];

const sellingSteps: Step[] = [
  {
    title: 'Sign up as a seller',
    body: (
      <>
        <Anchor component={Link} to="/signup">
          Create an account
        </Anchor>{' '}
        with the seller role, or choose both if you also want to buy, and verify your email address.
      </>
    ),
  },
  {
    title: 'Create a listing',
    body: 'In Listing management, create a new listing: pick the category, fill in the attributes honestly (level, rank, region, followers, subscription period and so on), write a clear description and upload screenshots that show the real account. Hide personal data and login details in your screenshots.',
  },
  {
    title: 'Publish',
    body: 'When the listing is complete, publish it. It then appears in search results and buyers can add it to their favorites and contact you.',
  },
  {
    title: 'Answer buyers in chat',
    body: 'Reply to questions promptly and accurately. Agree on the price, the payment and the handover in the chat so that both sides have a record of what was agreed.',
  },
  {
    title: 'Mark it reserved or sold',
    body: 'While you are finishing a deal, mark the listing as reserved so other buyers know. Once the account has been handed over, mark it as sold.',
  },
  {
    title: 'Get reviewed',
    body: 'The buyer can leave a review on your profile. A history of good reviews is the best way to win the trust of future buyers.',
  },
];

const faq = [
  {
    q: 'Does Accountry handle the payment?',
    a: 'No. Accountry is a venue where buyers and sellers meet; the buyer and the seller agree on the payment and handover between themselves. Agree on the details in the chat so there is a record, and be wary of anyone who pushes you to move the conversation elsewhere.',
  },
  {
    q: 'Is it allowed to buy or sell an account for my game or platform?',
    a: 'That depends on the publisher. Some games and platforms forbid transferring accounts in their own terms and may suspend an account that changes hands. Check those rules before you buy or sell; the buyer bears that risk.',
  },
  {
    q: 'How do I know a seller is trustworthy?',
    a: 'Look at the seller’s rating and the reviews left by earlier buyers, check that the screenshots match the attributes, and ask questions in the chat. Vague answers, pressure to pay quickly or requests to continue off-platform are warning signs.',
  },
  {
    q: 'What should I do right after receiving an account?',
    a: 'Log in at once and change the password and the recovery email address. If the account uses a phone number or two-factor authentication, move those to you as well. Then check that everything described in the listing is really there.',
  },
  {
    q: 'What happens when I report a listing or a conversation?',
    a: 'Our admins review every report. Listings that break the rules can be hidden, and members who commit fraud or harass others can have their accounts disabled or deleted.',
  },
];

function Steps({ steps }: { steps: Step[] }) {
  return (
    <Timeline active={steps.length} bulletSize={28} lineWidth={2}>
      {steps.map((s, i) => (
        <Timeline.Item
          key={s.title}
          bullet={
            <Text size="xs" fw={700}>
              {i + 1}
            </Text>
          }
          title={s.title}
        >
          <Text size="sm" c="dimmed">
            {s.body}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

export function Component() {
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>How it works</Title>
          <Text size="lg">
            Whether you want to buy your next game account or sell one you no longer use, here is how a deal on
            Accountry works from start to finish.
          </Text>
        </Stack>

        <Stack gap="md">
          <Title order={2}>Buying an account</Title>
          <Steps steps={buyingSteps} />
        </Stack>

        <Stack gap="md">
          <Title order={2}>Selling an account</Title>
          <Steps steps={sellingSteps} />
        </Stack>

        <Paper withBorder p="lg" radius="md">
          <Stack gap="sm">
            <Title order={2}>Staying safe</Title>
            <List spacing="sm" center>
              <List.Item
                icon={
                  <ThemeIcon color="red" variant="light" radius="xl">
                    <IconLock size={16} />
                  </ThemeIcon>
                }
              >
                Never share the passwords of your own accounts, including your Accountry account, in chat. A seller only
                ever hands over the credentials of the account being sold.
              </List.Item>
              <List.Item
                icon={
                  <ThemeIcon color="orange" variant="light" radius="xl">
                    <IconAlertTriangle size={16} />
                  </ThemeIcon>
                }
              >
                Report suspicious listings or conversations, such as accounts that look stolen, prices that are too good
                to be true, or pressure to pay before questions are answered.
              </List.Item>
              <List.Item
                icon={
                  <ThemeIcon variant="light" radius="xl">
                    <IconMessages size={16} />
                  </ThemeIcon>
                }
              >
                Keep communication on the platform. Chats on Accountry are a record of what was agreed and help our
                admins when something goes wrong; scammers often ask to move to other apps.
              </List.Item>
            </List>
          </Stack>
        </Paper>

        <Stack gap="md">
          <Title order={2}>Frequently asked questions</Title>
          <Accordion variant="separated">
            {faq.map((f) => (
              <Accordion.Item key={f.q} value={f.q}>
                <Accordion.Control>{f.q}</Accordion.Control>
                <Accordion.Panel>
                  <Text size="sm">{f.a}</Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Stack>
      </Stack>
    </Container>
  );
}
