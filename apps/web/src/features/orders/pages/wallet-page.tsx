import { Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatCents } from '@accountry/shared/wallet';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { orderKeys, ordersApi } from '../api/orders-api';
import { ChargebackHoldsNotice } from '../components/chargeback-holds-notice';
import { LedgerEntries } from '../components/ledger-entries';
import { PayoutDetailsCard } from '../components/payout-details-card';
import { PayoutForm } from '../components/payout-form';
import { PayoutHistory } from '../components/payout-history';
import { LoadError } from '../../../components/ui/load-error';

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

/** /wallet: the balance, what is held, payouts and every ledger movement. */
export function Component() {
  const query = useQuery({ queryKey: orderKeys.wallet, queryFn: ordersApi.wallet });
  const payoutMethod = useQuery({ queryKey: orderKeys.payoutMethod, queryFn: ordersApi.payoutMethod });
  if (query.isPending) return <PageSpinner label="Loading your wallet…" />;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Wallet</Title>
          <Text c="dimmed">Your balance on Accountry: pay for orders with it and withdraw what you earn.</Text>
        </div>
        {query.isError ? (
          <LoadError title="Your wallet could not be loaded" error={query.error} refetch={query.refetch} />
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <Figure
                label="Available balance"
                cents={query.data.availableCents}
                hint={
                  query.data.chargebackHeldCents > 0
                    ? `${formatCents(query.data.chargebackHeldCents)} held for chargebacks: ${formatCents(query.data.payableCents)} can be withdrawn`
                    : 'Ready to spend or withdraw'
                }
              />
              <Figure label="Held for payouts" cents={query.data.heldCents} hint="Requested, waiting for an admin" />
              <Figure
                label="In escrow for your purchases"
                cents={query.data.inEscrowAsBuyerCents}
                hint="Paid, held until you accept the account"
              />
              <Figure
                label="In escrow for your sales"
                cents={query.data.inEscrowAsSellerCents}
                hint={`Paid to you when the protection period ends, less the ${query.data.platformFeePercent}% platform fee`}
              />
            </SimpleGrid>
            <ChargebackHoldsNotice wallet={query.data} />
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
              <PayoutForm wallet={query.data} method={payoutMethod.data?.method} />
            </Card>
            <Card withBorder component="section" aria-labelledby="payouts-title">
              <Title order={2} size="h4" mb="sm" id="payouts-title">
                Payout history
              </Title>
              <PayoutHistory />
            </Card>
            <Card withBorder component="section" aria-labelledby="ledger-title">
              <Group justify="space-between" mb="sm">
                <Title order={2} size="h4" id="ledger-title">
                  Balance history
                </Title>
              </Group>
              <LedgerEntries />
            </Card>
          </>
        )}
      </Stack>
    </Container>
  );
}
