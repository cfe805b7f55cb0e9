import { Link } from 'react-router';
import { Badge, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { ChangePasswordForm } from '../components/change-password-form';
import { EmailPreferencesCard } from '../components/email-preferences-card';
import { ChangeEmailForm } from '../components/change-email-form';
import { DeleteAccountCard } from '../components/delete-account-card';
import { DataExportCard } from '../components/data-export-card';
import { ProfileDetailsForm } from '../components/profile-details-form';
import { ROLE_LABELS } from '../components/role-picker';
import { SessionsCard } from '../components/sessions-card';
import { SecurityActivityCard } from '../components/security-activity-card';
import { TwoFactorCard } from '../components/two-factor/two-factor-card';
import { PasskeysCard } from '../components/passkeys/passkeys-card';
import { useSession } from '../../../lib/session';
import { formatLongDate } from '../../../lib/format-time';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * /profile (signed in): profile details, balance and orders, email, password, passkeys, two-factor sign-in, signed-in
 * devices, security activity, downloading one's data, deleting the account.
 */
export function Component() {
  const { user } = useSession();
  if (!user) return <PageSpinner />;
  return (
    <Container size="sm" py="xl">
      <Stack>
        <div>
          <Title order={1}>Your profile</Title>
          <Group gap="xs" mt={6}>
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
            <Badge variant="light">{ROLE_LABELS[user.role].split(':')[0]}</Badge>
            {user.emailVerified && (
              <Badge color="teal" variant="light">
                Email verified
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            Member since {formatLongDate(user.createdAt)}
          </Text>
        </div>
        <Section title="Profile details">
          <ProfileDetailsForm key={user.uid} user={user} />
        </Section>
        <Section title="Balance and orders">
          <Text size="sm" c="dimmed" mb="sm">
            Your available balance, payouts, every order you bought or sold, and the offers you made or received.
          </Text>
          <Group>
            <Button component={Link} to="/wallet" variant="light">
              Open your wallet
            </Button>
            <Button component={Link} to="/orders" variant="default">
              Your orders
            </Button>
            {user.role !== 'admin' && (
              <Button component={Link} to="/offers" variant="default">
                Your offers
              </Button>
            )}
          </Group>
        </Section>
        <Section title="Email">
          <Stack gap="xl">
            <ChangeEmailForm />
            <EmailPreferencesCard />
          </Stack>
        </Section>
        <Section title="Password">
          <ChangePasswordForm />
        </Section>
        <Section title="Passkeys">
          <PasskeysCard />
        </Section>
        <Section title="Two-factor sign-in">
          <TwoFactorCard />
        </Section>
        <Section title="Signed-in devices">
          <SessionsCard />
        </Section>
        <Section title="Security activity">
          <SecurityActivityCard />
        </Section>
        <Section title="Your data">
          <DataExportCard />
        </Section>
        {user.role !== 'admin' && (
          <Section title="Delete account">
            <DeleteAccountCard />
          </Section>
        )}
      </Stack>
    </Container>
  );
}
