import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { SUPPORT_EMAIL } from '@accountry/shared/constants';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={2}>{title}</Title>
      {children}
    </Stack>
  );
}

export function Component() {
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>Terms of service</Title>
          <Text c="dimmed" size="sm">
            Last updated: 23 November 2026
          </Text>
          <Text>
            These terms govern your use of Accountry, an online marketplace where members buy and sell game, platform
            and social-media accounts. Please read them carefully.
          </Text>
        </Stack>

        <Section title="Acceptance">
          <Text>
            By creating an account or otherwise using Accountry, you agree to these terms and to our privacy policy. If
            you do not agree, do not use the service.
          </Text>
        </Section>

        <Section title="Accounts and eligibility">
          <List spacing="xs">
            <List.Item>
              You must be at least 18 years old, or the age of majority where you live if that is higher.
            </List.Item>
            <List.Item>
              Each Accountry account belongs to one person. Do not share it or create accounts for others.
            </List.Item>
            <List.Item>The information you give us must be accurate and kept up to date.</List.Item>
            <List.Item>You must verify your email address before you can trade.</List.Item>
            <List.Item>
              You are responsible for keeping your password secret and for everything that happens under your account.
            </List.Item>
          </List>
        </Section>

        <Section title="Listings">
          <List spacing="xs">
            <List.Item>You may only list an account that you own and that you have the right to transfer.</List.Item>
            <List.Item>
              Descriptions, attributes and screenshots must be accurate and must show the actual account being sold. Do
              not leave out material facts, such as bans, restrictions or shared ownership.
            </List.Item>
            <List.Item>
              Keep the status of your listings current, marking them reserved or sold as appropriate.
            </List.Item>
            <List.Item>
              We may hide any listing that breaks these rules or the terms of the game or platform the account belongs
              to, without prior notice.
            </List.Item>
          </List>
        </Section>

        <Section title="Prohibited conduct">
          <Text>You must not:</Text>
          <List spacing="xs">
            <List.Item>list, buy or sell stolen, hacked or otherwise illegally obtained accounts;</List.Item>
            <List.Item>commit fraud, misrepresent an account or fail to deliver what you agreed to;</List.Item>
            <List.Item>
              run off-platform payment scams, for example by luring other members to outside chats or payment links;
            </List.Item>
            <List.Item>harass, threaten or abuse other members;</List.Item>
            <List.Item>send spam, post duplicate or misleading listings, or manipulate reviews;</List.Item>
            <List.Item>
              interfere with the service, access other members’ accounts or collect their data without permission.
            </List.Item>
          </List>
        </Section>

        <Section title="Transactions between users">
          <Text>
            We do not own, inspect or sell the accounts listed: the contract of each sale is between the buyer and the
            seller, who are each responsible for meeting their side of it. We hold the buyer's payment in escrow until
            the account is accepted and the protection period has ended, then pay the seller the price less our platform
            fee; we refund the buyer when the seller does not deliver, and decide disputes between the two on what both
            sides show us.
          </Text>
          <Text>
            Before buying or selling, check the rules of the game or platform concerned. Some publishers forbid account
            transfers and may suspend or close an account that changes hands. The buyer bears that risk. After a
            handover, the buyer should immediately change the password and recovery details of the account.
          </Text>
        </Section>

        <Section title="Reviews">
          <Text>
            Reviews must be honest and based on a real transaction. Do not post reviews about yourself, offer anything
            in exchange for reviews, or use reviews to threaten or insult others. We may remove reviews that break these
            rules.
          </Text>
        </Section>

        <Section title="Moderation and termination">
          <Text>
            Our admins may review reported content and act on it. We may hide listings, remove content, and disable or
            delete accounts that break these terms or put other members at risk, in serious cases without prior notice.
            You may stop using Accountry and ask us to delete your account at any time.
          </Text>
        </Section>

        <Section title="Disclaimers and limitation of liability">
          <Text>
            Accountry is provided “as is” and “as available”. We do not guarantee that listings are accurate, that
            members will complete their transactions, or that an account will remain usable after a transfer. We do not
            guarantee that the service will be uninterrupted or error-free.
          </Text>
          <Text>
            To the fullest extent permitted by law, Accountry is not liable for indirect or consequential losses, or for
            losses arising from transactions between members, including payments made to another member or accounts
            suspended by a game or platform. Nothing in these terms limits liability that cannot be limited by law.
          </Text>
        </Section>

        <Section title="Changes">
          <Text>
            We may update these terms from time to time. When we make significant changes, we will update the date above
            and, where appropriate, let you know. If you continue to use Accountry after the changes take effect, you
            accept the updated terms.
          </Text>
        </Section>

        <Section title="Contact">
          <Text>
            Questions about these terms? Write to <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>.
          </Text>
        </Section>
      </Stack>
    </Container>
  );
}
