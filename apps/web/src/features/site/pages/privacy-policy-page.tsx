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
          <Title order={1}>Privacy policy</Title>
          <Text c="dimmed" size="sm">
            Last updated: 23 November 2026
          </Text>
          <Text>
            This policy explains what personal data Accountry collects when you use the marketplace, why we collect it,
            who can see it and what you can do about it. We try to collect only what we need to run the service.
          </Text>
        </Stack>

        <Section title="Who we are">
          <Text>
            Accountry is an online marketplace where members buy and sell game, platform and social-media accounts.
            Accountry is responsible for the personal data processed on this website as described in this policy.
          </Text>
        </Section>

        <Section title="What we collect">
          <Text fw={600}>Account data</Text>
          <List spacing="xs">
            <List.Item>Your email address, which you use to sign in and which we verify.</List.Item>
            <List.Item>Your display name, shown to other members.</List.Item>
            <List.Item>Your phone number, if you provide one.</List.Item>
            <List.Item>Your role: buyer, seller or both (and admin for our moderators).</List.Item>
          </List>
          <Text fw={600}>Content you create</Text>
          <List spacing="xs">
            <List.Item>Listings, including their attributes, descriptions, prices and screenshots.</List.Item>
            <List.Item>
              Chat messages you exchange with other members, your favorites and the reviews you write.
            </List.Item>
          </List>
          <Text fw={600}>Usage data</Text>
          <List spacing="xs">
            <List.Item>The pages you view on Accountry.</List.Item>
            <List.Item>
              A random visitor id stored in your browser’s local storage and a per-tab session id, so we can count
              visits without knowing who you are.
            </List.Item>
            <List.Item>Your device class (for example desktop, tablet or phone) and browser family.</List.Item>
            <List.Item>The referring site that brought you to us, if your browser sends it.</List.Item>
          </List>
          <Text fw={600}>Sign-in sessions</Text>
          <Text>
            When you sign in, we store your IP address and your browser’s user-agent string with the session, so we can
            spot suspicious sign-ins and protect your account.
          </Text>
          <Text>
            We collect usage data ourselves. We do not use third-party analytics, advertising trackers or social-media
            pixels.
          </Text>
        </Section>

        <Section title="Cookies">
          <Text>We use only the cookies needed to run the service:</Text>
          <List spacing="xs">
            <List.Item>
              <Text span fw={600}>
                Session cookie
              </Text>{' '}
              — keeps you signed in. If you tick “remember me” when signing in, the cookie is persistent and stays valid
              for up to 5 days of inactivity. Otherwise it ends when you close the browser, and you are signed out after
              5 hours of inactivity.
            </List.Item>
            <List.Item>
              <Text span fw={600}>
                CSRF protection cookie
              </Text>{' '}
              — protects your account against cross-site request forgery, where another website tries to send requests
              in your name.
            </List.Item>
          </List>
          <Text>We do not use advertising or tracking cookies, so there is nothing to opt out of.</Text>
        </Section>

        <Section title="How we use data">
          <List spacing="xs">
            <List.Item>To create and run your account, sign you in and verify your email address.</List.Item>
            <List.Item>To show your listings, deliver your chat messages and publish your reviews.</List.Item>
            <List.Item>To send you service emails, such as verification and security notices.</List.Item>
            <List.Item>
              To keep the marketplace safe: investigating reports, preventing fraud and spam, and enforcing our terms.
            </List.Item>
            <List.Item>To understand how the site is used, in aggregate, and improve it.</List.Item>
          </List>
        </Section>

        <Section title="Sharing">
          <Text>
            We never sell your personal data. Other members only see what you choose to publish: your display name, your
            listings and the reviews you write or receive. Your chat messages are visible to the member you are talking
            to. Your email address and phone number are not shown to other members unless you share them yourself.
          </Text>
          <Text>
            Our admins can access data where needed to moderate the marketplace and handle reports. We may disclose data
            where required by law or to protect members against fraud.
          </Text>
        </Section>

        <Section title="Retention">
          <Text>
            We keep your account data and content for as long as your account exists. You can delete your account
            yourself from your profile. For 30 days after that, support can still restore it; then we erase your email
            address, name, phone number and password, except where we need to keep some of it for a limited time to
            handle open reports, prevent abuse or meet legal obligations. Orders, payments and reviews stay on record
            under &ldquo;Former member&rdquo;. Chat messages you sent may remain visible to the member you sent them to.
            Usage data is kept only as long as needed for statistics.
          </Text>
        </Section>

        <Section title="Security">
          <Text>
            Passwords are never stored in plain text; they are hashed with scrypt. The session cookie is httpOnly, so
            scripts running in the page cannot read it, and changes you make while signed in are protected by a CSRF
            token. Access to personal data is restricted to what is needed to run and moderate the service. No system is
            perfectly secure, so please use a strong, unique password and never share it in chat.
          </Text>
        </Section>

        <Section title="Your rights">
          <Text>You can ask us to:</Text>
          <List spacing="xs">
            <List.Item>
              give you access to the personal data we hold about you (you can also download a copy yourself from your
              profile);
            </List.Item>
            <List.Item>correct data that is inaccurate or incomplete;</List.Item>
            <List.Item>
              delete your account and personal data (you can also do this yourself from your profile).
            </List.Item>
          </List>
          <Text>
            To make a request, contact support at <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor> from
            the email address linked to your account, and we will respond within a reasonable time. Depending on where
            you live, you may also have the right to complain to your data protection authority.
          </Text>
        </Section>

        <Section title="Contact">
          <Text>
            Questions about this policy or your data? Write to{' '}
            <Anchor href="mailto:privacy@accountry.example">privacy@accountry.example</Anchor>.
          </Text>
        </Section>
      </Stack>
    </Container>
  );
}
