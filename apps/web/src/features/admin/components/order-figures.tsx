import { Alert, List, SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconBuildingBank, IconCoins, IconGavel, IconScale, IconWallet } from '@tabler/icons-react';
import { formatCents } from '@accountry/shared/wallet';
import { adminOrderKeys, adminOrdersApi } from '../api/admin-orders-api';
import { QueryState } from './query-state';
import { StatCard } from './stat-card';

/** The dashboard's money figures: open disputes, escrow held, fees earned, open payouts and the ledger check. */
export function OrderFigures() {
  const query = useQuery({ queryKey: adminOrderKeys.figures, queryFn: adminOrdersApi.figures });
  const f = query.data;
  return (
    <Stack gap="sm" component="section" aria-labelledby="order-figures-title">
      <Title order={2} size="h4" id="order-figures-title">
        Orders and money
      </Title>
      <QueryState loading={query.isPending} error={query.error} refetch={query.refetch} what="the order figures">
        {f && (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
              <StatCard
                label="Open disputes"
                value={f.openDisputes.toLocaleString()}
                to="/admin/orders?status=disputed"
                icon={<IconGavel size={20} />}
              />
              <StatCard
                label="Escrow held"
                value={formatCents(f.escrowHeldCents)}
                hint="Paid by buyers, not yet released"
                to="/admin/orders?status=open"
                icon={<IconBuildingBank size={20} />}
              />
              <StatCard
                label="Fees earned"
                value={formatCents(f.feesEarnedCents)}
                to="/admin/orders?status=completed"
                icon={<IconCoins size={20} />}
              />
              <StatCard
                label="Payouts to send"
                value={f.openPayouts.toLocaleString()}
                to="/admin/payouts"
                icon={<IconWallet size={20} />}
              />
            </SimpleGrid>
            {f.ledgerHealthy ? (
              <Alert color="green" icon={<IconScale size={18} />} title="Ledger balanced">
                Every transaction balances, all entries sum to zero and no balance is negative.
              </Alert>
            ) : (
              <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Ledger check failed" role="alert">
                <List size="sm">
                  {f.ledgerProblems.map((p) => (
                    <List.Item key={p}>{p}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
          </>
        )}
      </QueryState>
    </Stack>
  );
}
