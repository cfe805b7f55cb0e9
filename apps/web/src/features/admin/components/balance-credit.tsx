import { useRef, useState } from 'react';
import { Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isSelfAction } from '@accountry/shared/admin-rules';
import { WALLET_MESSAGES } from '@accountry/shared/wallet-messages';
import { balanceCreditSchema, formatCents } from '@accountry/shared/wallet';
import { ChargebackHoldsList } from '../../../components/orders/chargeback-holds-list';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { randomId } from '../../../lib/random-id';
import { focusFirstError, zodFieldErrors } from '../../../lib/forms';
import { useSession } from '../../../lib/session';
import { adminOrderKeys, adminOrdersApi } from '../api/admin-orders-api';
import { shownInDialog, useAdminAction } from '../api/admin-api';
import { QueryState } from './query-state';

/**
 * A user's balance, and an audited credit (a bank transfer received) or correction (negative) with a reason. A
 * deleted account takes corrections only, and only while money is left to take out (decision 184).
 */
export function BalanceCredit({ userId, name, deleted }: { userId: string; name: string; deleted: boolean }) {
  const wallet = useQuery({
    queryKey: adminOrderKeys.userWallet(userId),
    queryFn: () => adminOrdersApi.userWallet(userId),
  });
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // One id per credit: a retry of the same one (its answer lost) is recorded once; new values make a new credit.
  const [requestId, setRequestId] = useState(randomId);
  const newCredit = () => setRequestId(randomId());
  const confirm = useConfirm();
  const form = useRef<HTMLFormElement>(null);
  const me = useSession().user?.uid;
  const credit = useAdminAction(
    (input: { amountCents: number; reason: string; requestId: string }) => adminOrdersApi.credit(userId, input),
    WALLET_MESSAGES.credited,
    shownInDialog,
  );

  // The focus goes to the first field to fix, where its message is read out.
  const showErrors = (next: Record<string, string>) => focusFirstError(form.current, () => setErrors(next));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const cents = amount === '' ? NaN : Math.round(Number(amount) * 100);
    const parsed = balanceCreditSchema.safeParse({ amountCents: cents, reason, requestId });
    if (!parsed.success) return showErrors(zodFieldErrors(parsed.error));
    if (deleted && cents > 0) return showErrors({ amountCents: WALLET_MESSAGES.creditDeletedAccount });
    setErrors({});
    confirm.ask({
      title: cents > 0 ? 'Credit the balance?' : 'Correct the balance?',
      message:
        `${cents > 0 ? 'Add' : 'Take'} ${formatCents(Math.abs(cents))} ${cents > 0 ? 'to' : 'from'} ` +
        `${name}'s available balance. The reason is kept in the audit log.`,
      confirmLabel: cents > 0 ? 'Credit balance' : 'Correct balance',
      danger: cents < 0,
      onConfirm: () =>
        credit.mutateAsync(parsed.data).then(() => {
          setAmount('');
          setReason('');
          newCredit();
        }),
      form: { fields: ['amountCents', 'reason'], show: showErrors },
    });
  };

  return (
    <Card withBorder component="section" aria-labelledby="balance-title">
      <Title order={2} size="h4" mb="sm" id="balance-title">
        Balance
      </Title>
      <QueryState loading={wallet.isPending} error={wallet.error} refetch={wallet.refetch} what="the balance">
        {wallet.data && (
          <SimpleGrid cols={{ base: 2, md: 4 }} mb="md">
            {(
              [
                ['Available', wallet.data.availableCents],
                ['Held for payouts', wallet.data.heldCents],
                ['In escrow as buyer', wallet.data.inEscrowAsBuyerCents],
                ['In escrow as seller', wallet.data.inEscrowAsSellerCents],
              ] as const
            ).map(([label, cents]) => (
              <div key={label}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text fw={600}>{formatCents(cents)}</Text>
              </div>
            ))}
          </SimpleGrid>
        )}
        {!!wallet.data?.chargebackHolds.length && (
          <Stack gap={4} mb="md">
            <Text size="sm" fw={600}>
              Held from payouts for chargebacks: {formatCents(wallet.data.chargebackHeldCents)}
            </Text>
            <ChargebackHoldsList holds={wallet.data.chargebackHolds} orderPath={(id) => `/admin/orders/${id}`} />
          </Stack>
        )}
      </QueryState>
      {isSelfAction(me ?? '', userId) ? (
        <Text size="sm" c="dimmed">
          {WALLET_MESSAGES.ownBalanceCredit}
        </Text>
      ) : deleted && !wallet.data?.availableCents ? (
        <Text size="sm" c="dimmed">
          {WALLET_MESSAGES.deletedAccountBalance}
        </Text>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Credit the balance" ref={form}>
          <Stack gap="xs">
            <Group align="flex-start" wrap="wrap">
              <NumberInput
                label="Amount (USD)"
                description={deleted ? 'Negative: the account is deleted' : 'Negative to correct'}
                prefix="$"
                decimalScale={2}
                thousandSeparator=","
                value={amount}
                onChange={(value) => {
                  setAmount(value);
                  newCredit();
                }}
                error={errors.amountCents}
                w={200}
              />
              <TextInput
                label="Reason"
                description="e.g. bank transfer reference"
                maxLength={500}
                value={reason}
                onChange={(e) => {
                  setReason(e.currentTarget.value);
                  newCredit();
                }}
                error={errors.reason}
                style={{ flex: 1, minWidth: 220 }}
              />
            </Group>
            <Button type="submit" variant="light" w="fit-content">
              {deleted ? 'Correct balance' : 'Update balance'}
            </Button>
          </Stack>
        </form>
      )}
      {confirm.dialog}
    </Card>
  );
}
