import { useRef, useState } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isPartyTo } from '@accountry/shared/admin-rules';
import {
  CHARGEBACK_RECOVERY_MESSAGES as R,
  chargebackRecoverySchema,
  type ChargebackRecoveryView,
} from '@accountry/shared/chargeback-recovery';
import type { OrderDetail } from '@accountry/shared/orders';
import { formatCents } from '@accountry/shared/wallet';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { MoneyInput } from '../../../components/ui/money-input';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { focusFirstError, zodFieldErrors } from '../../../lib/forms';
import { useSession } from '../../../lib/session';
import { adminOrderKeys, adminOrdersApi } from '../api/admin-orders-api';
import { shownInDialog, useAdminAction } from '../api/admin-api';

/**
 * On an order settled before a chargeback the bank decided for the buyer (decision 183): what the bank took, what is
 * left to recover from the member it was paid to, and taking it back from their available balance.
 */
export function ChargebackRecovery({ order }: { order: OrderDetail }) {
  const c = order.chargeback;
  if (c?.status !== 'lost' || !c.recovery || c.recovery.takenCents === 0) return null;
  return <RecoveryCard order={order} recovery={c.recovery} />;
}

function RecoveryCard({ order, recovery }: { order: OrderDetail; recovery: ChargebackRecoveryView }) {
  const seller = recovery.from === 'seller';
  const member = { id: seller ? order.sellerId : order.buyerId, name: seller ? order.sellerName : order.buyerName };
  const wallet = useQuery({
    queryKey: adminOrderKeys.userWallet(member.id),
    queryFn: () => adminOrdersApi.userWallet(member.id),
  });
  // Null until the admin types: the field offers what can be taken now, the lower of what is left and the balance.
  const [typed, setTyped] = useState<number | string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const confirm = useConfirm();
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const me = useSession().user?.uid;
  const recover = useAdminAction(
    (cents: number) => adminOrdersApi.recoverChargeback(order.id, cents),
    R.recovered,
    shownInDialog,
  );
  const left = recovery.outstandingCents;
  const available = wallet.data?.availableCents;
  const suggested = available !== undefined && available > 0 && left > 0 ? Math.min(left, available) : null;
  const amount = typed ?? (suggested === null ? '' : (suggested / 100).toFixed(2));

  // The focus goes to the field to fix, where its message is read out.
  const showErrors = (next: Record<string, string>) => focusFirstError(form.current, () => setErrors(next));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const cents = amount === '' ? NaN : Math.round(Number(amount) * 100);
    const parsed = chargebackRecoverySchema.safeParse({ amountCents: cents });
    const problem = !parsed.success
      ? zodFieldErrors(parsed.error)
      : cents > left
        ? { amountCents: R.moreThanLeft }
        : available !== undefined && cents > available
          ? { amountCents: R.balanceTooLow }
          : null;
    if (problem) return showErrors(problem);
    setErrors({});
    confirm.ask({
      title: 'Recover chargeback?',
      message:
        `Take ${formatCents(cents)} from ${member.name}'s available balance to cover the chargeback. ` +
        `${member.name} sees it in their balance history, and it is kept in the audit log.`,
      confirmLabel: 'Recover',
      danger: true,
      // The field offers again what the refreshed figures allow.
      onConfirm: () => recover.mutateAsync(cents).then(() => setTyped(null)),
      form: { fields: ['amountCents'], show: showErrors },
      // Recovered in full, the form is gone: the focus goes to the card's heading, which says so.
      returnFocusTo: () => heading.current,
    });
  };

  const figures = [
    ['Taken by the bank', recovery.takenCents],
    ['Recovered', recovery.recoveredCents],
    ['Left to recover', left],
  ] as const;
  return (
    <Card withBorder component="section" aria-labelledby="chargeback-recovery-title">
      <Title order={2} size="h4" mb="sm" id="chargeback-recovery-title" ref={heading} tabIndex={-1}>
        Recover chargeback
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} mb="md">
        {figures.map(([label, cents]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={600}>{formatCents(cents)}</Text>
          </div>
        ))}
        <div>
          <Text size="xs" c="dimmed">
            {member.name}&apos;s available balance
          </Text>
          {wallet.data ? (
            <Text fw={600}>{formatCents(wallet.data.availableCents)}</Text>
          ) : wallet.error ? (
            <Group gap={4}>
              <Text size="sm" c="red">
                Could not load it.
              </Text>
              <Button size="compact-xs" variant="subtle" onClick={() => wallet.refetch()}>
                Try again
              </Button>
            </Group>
          ) : (
            <LoadingStatus label="Loading the balance…" size="xs" />
          )}
        </div>
      </SimpleGrid>
      {left === 0 ? (
        <Text size="sm">Recovered in full from {member.name}&apos;s balance.</Text>
      ) : isPartyTo(me ?? '', [order.buyerId, order.sellerId]) ? (
        <Text size="sm" c="dimmed">
          {R.ownOrder}
        </Text>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Recover chargeback" ref={form}>
          <Stack gap="xs">
            <MoneyInput
              currency="USD"
              label="Amount to recover (USD)"
              description={`At most the ${formatCents(left)} left, from ${member.name}'s available balance`}
              required
              allowNegative={false}
              value={amount}
              onChange={setTyped}
              error={errors.amountCents}
              w={280}
            />
            <Button type="submit" variant="light" color="red" w="fit-content">
              Recover chargeback
            </Button>
          </Stack>
        </form>
      )}
      {confirm.dialog}
    </Card>
  );
}
