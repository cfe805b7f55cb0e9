import { Accordion, Anchor, Container, List, Paper, Stack, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconMessages } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePlatformFee } from '../../../components/orders/fees';

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
        members can chat with sellers and buy.
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
    title: 'Check the listing and ask the seller',
    body: 'Read the attributes, the description and the screenshots, and look at the seller’s rating and reviews. Ask in the chat on the listing about anything unclear before you buy.',
  },
  {
    title: 'Buy now, or make an offer',
    body: 'Buy now pays the listing’s price. On a listing marked “Price negotiable” you can offer less; if the seller accepts (or answers with a price you accept), you buy at that price within 24 hours. You pay Accountry, not the seller: the money is held until the deal is done.',
  },
  {
    title: 'Receive the credentials',
    body: 'The seller hands over the login on the order page within the delivery time the listing promises, or the order is canceled and you are refunded. Reveal them on the order page; they never travel by chat or email.',
  },
  {
    title: 'Check the account within 72 hours',
    body: 'Sign in at once, then change the password and the recovery email (and the phone number or two-factor settings, if any). If everything is as described, accept the account; if not, open a dispute. If you do nothing, it is accepted for you after 72 hours.',
  },
  {
    title: 'Protection, then review',
    body: 'For the protection period the listing names you can still open a dispute if you lose access; then the seller is paid. Rate the seller and say how the deal went: honest reviews help other buyers.',
  },
];

function sellingSteps(fee: string): Step[] {
  return [
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
      title: 'Create and publish a listing',
      body: 'In My listings, create a listing: pick the category, fill in the attributes honestly (level, rank, region, followers and so on), write a clear description and upload screenshots of the real account, with personal data and login details hidden. Publish it to appear in search.',
    },
    {
      title: 'Answer buyers and offers',
      body: 'Reply to questions in the chat promptly and accurately. On a negotiable listing, answer each offer within 48 hours: accept it, decline it, or name your own price.',
    },
    {
      title: 'Deliver the credentials',
      body: 'When a buyer pays, we email you and the order waits for you: enter the login on the order page within the delivery time your listing promises. The listing is reserved meanwhile.',
    },
    {
      title: 'Get paid',
      body: `Once the buyer accepts the account and the protection period ends, the price less ${fee} goes to your wallet. Ask for a payout to PayPal or a bank account from the wallet.`,
    },
    {
      title: 'Get reviewed',
      body: 'The buyer can leave a review on your profile. A history of good reviews is the best way to win the trust of future buyers.',
    },
  ];
}

function faq(fee: string) {
  return [
    {
      q: 'Does Accountry handle the payment?',
      a: 'Yes. The buyer pays Accountry, which holds the money while the seller hands over the account, the buyer checks it and the protection period runs; only then is the seller paid. If the seller does not deliver, or a dispute is decided for the buyer, the buyer is refunded. Never pay a seller outside Accountry: you would lose that protection.',
    },
    {
      q: 'What does selling cost?',
      a: `Listing is free. When a sale completes, Accountry keeps ${fee}; the rest of the price goes to the seller’s wallet. The listing editor shows what you receive as you type the price.`,
    },
    {
      q: 'What happens in a dispute?',
      a: 'The buyer says what is wrong, the seller is asked to answer within 24 hours, and the protection clock pauses while an admin decides: a refund, a partial refund, or the deal goes on. Both sides are told the decision by email and on the order page.',
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
      q: 'What happens when I report a listing or a conversation?',
      a: 'Our admins review every report. Listings that break the rules can be hidden, and members who commit fraud or harass others can have their accounts disabled or deleted.',
    },
  ];
}

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
  const percent = usePlatformFee();
  const fee = percent === undefined ? 'a small fee' : `a ${percent}% fee`;
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
          <Steps steps={sellingSteps(fee)} />
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
                Keep communication and payment on the platform. Chats on Accountry are a record of what was agreed and
                help our admins when something goes wrong; scammers often ask to move to other apps or to be paid
                directly.
              </List.Item>
            </List>
          </Stack>
        </Paper>

        <Stack gap="md">
          <Title order={2}>Frequently asked questions</Title>
          <Accordion variant="separated">
            {faq(fee).map((f) => (
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
