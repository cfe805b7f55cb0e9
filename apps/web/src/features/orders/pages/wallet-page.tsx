import { Link } from 'react-router';
import { Anchor, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { WALLET_MESSAGES } from '@accountry/shared/wallet-messages';
import type { Role } from '@accountry/shared/roles';
import { formatCents, type Wallet } from '@accountry/shared/wallet';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { orderKeys, ordersApi } from '../api/orders-api';
import { ChargebackHoldsNotice } from '../components/chargeback-holds-notice';
import { LedgerEntries } from '../components/ledger-entries';
import { PayoutDetailsCard } from '../components/payout-details-card';
import { PayoutForm } from '../components/payout-form';
import { PayoutHistory } from '../components/payout-history';
import { LoadError } from '../../../components/ui/load-error';
import { useSession } from '../../../lib/session';
import { TopUpCard } from '../components/top-up-card';
import { walletIntro, walletView } from '../components/wallet-view';

function Figure({ label, cents, hint }: { label: string; cents: number; hint: string }) {
  return (
    <Card withBorder padding="md" aria-label={`${label}: ${formatCents(cents)}`}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.3}>
        {formatCents(cents)}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Card>
  );
}

/** The balances, what is held, the top-up, payouts for a seller, and every ledger movement. */
function WalletBody({ wallet, role }: { wallet: Wallet; role: Role }) {
  const view = walletView(role, wallet);
  const payoutMethod = useQuery({
    queryKey: orderKeys.payoutMethod,
    queryFn: ordersApi.payoutMethod,
    enabled: view.payoutDetails,
  });
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Figure label="Available balance" cents={wallet.availableCents} hint={view.availableHint} />
        {view.heldFigure && (
          <Figure label="Held for payouts" cents={wallet.heldCents} hint="Requested, waiting for an admin" />
        )}
        <Figure
          label="In escrow for your purchases"
          cents={wallet.inEscrowAsBuyerCents}
          hint="Paid, held until you accept the account"
        />
        {view.salesEscrowFigure && (
          <Figure
            label="In escrow for your sales"
            cents={wallet.inEscrowAsSellerCents}
            hint={`Paid to you when the protection period ends, less the ${wallet.platformFeePercent}% platform fee`}
          />
        )}
      </SimpleGrid>
      {!view.seller && (
        <Text size="sm">
          {WALLET_MESSAGES.payoutSellersOnly}{' '}
          <Anchor component={Link} to="/profile" inherit>
            Your profile
          </Anchor>
        </Text>
      )}
      <ChargebackHoldsNotice wallet={wallet} />
      <TopUpCard paysFromBalance={wallet.paysFromBalance} />
      {view.payoutDetails && (
        <>
          <Card withBorder component="section" aria-labelledby="payout-details-title">
            <Title order={2} size="h4" mb="sm" id="payout-details-title">
              Payout details
            </Title>
            <PayoutDetailsCard query={payoutMethod} />
          </Card>
          <Card withBorder component="section" aria-labelledby="payout-title">
            <Title order={2} size="h4" mb="sm" id="payout-title">
              Request a payout
            </Title>
            <PayoutForm wallet={wallet} method={payoutMethod.data?.method} />
          </Card>
        </>
      )}
      {view.payoutHistory && (
        <Card withBorder component="section" aria-labelledby="payouts-title">
          <Title order={2} size="h4" mb="sm" id="payouts-title">
            Payout history
          </Title>
          <PayoutHistory />
        </Card>
      )}
      <Card withBorder component="section" aria-labelledby="ledger-title">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4" id="ledger-title">
            Balance history
          </Title>
        </Group>
        <LedgerEntries />
      </Card>
    </>
  );
}

/** /wallet: what the member's balance holds, and what they can do with it as a buyer or a seller. */
export function Component() {
  const query = useQuery({ queryKey: orderKeys.wallet, queryFn: ordersApi.wallet });
  const { user } = useSession();
  if (query.isPending || !user) return <PageSpinner label="Loading your wallet…" />;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Wallet</Title>
          <Text c="dimmed">{walletIntro(user.role)}</Text>
        </div>
        {query.isError ? (
          <LoadError title="Your wallet could not be loaded" error={query.error} refetch={query.refetch} />
        ) : (
          <WalletBody wallet={query.data} role={user.role} />
        )}
      </Stack>
    </Container>
  );
}
