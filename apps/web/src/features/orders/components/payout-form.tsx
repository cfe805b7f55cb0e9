import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button, Group, Stack, Text } from '@mantine/core';
import { payoutHeldMessage } from '@accountry/shared/chargeback-holds';
import { WALLET_MESSAGES } from '@accountry/shared/wallet-messages';
import { PAYOUT_METHOD_MESSAGES, type PayoutMethod } from '@accountry/shared/payout-methods';
import { formatCents, payoutRequestSchema, type Wallet } from '@accountry/shared/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { ApiRequestError } from '../../../lib/api';
import { zodFieldErrors } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { useNow } from '../../../lib/use-now';
import { orderKeys, ordersApi } from '../api/orders-api';
import { MoneyInput } from '../../../components/ui/money-input';
import { formatDateTime } from '../../../lib/format-time';

interface Props {
  wallet: Wallet;
  /** The stored payout details: null when there are none, undefined while they load. */
  method: PayoutMethod | null | undefined;
}

/**
 * Ask for a withdrawal of available balance; the amount is held until an admin pays or rejects it. It needs payout
 * details, and waits out their hold after a change.
 */
export function PayoutForm({ wallet, method }: Props) {
  const now = useNow(60_000);
  const client = useQueryClient();
  const confirm = useConfirm();
  const [amount, setAmount] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const whyBlocked = useId();
  // Drawn before the focus arrives, so the field is read out with its message.
  const showError = (message: string) => {
    flushSync(() => setError(message));
    field.current?.focus();
  };
  const request = useMutation({
    mutationFn: (cents: number) => ordersApi.requestPayout(cents),
    onSuccess: async () => {
      setAmount('');
      toast.success(WALLET_MESSAGES.payoutRequested);
      await client.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
  const min = wallet.payoutMinimumCents;
  // What chargebacks hold is kept from payouts (decision 204): the form offers, checks and explains the rest.
  const holds = wallet.chargebackHolds;
  const heldMessage = holds.length > 0 ? payoutHeldMessage(wallet.payableCents, min, holds) : null;
  const tooLow = wallet.payableCents < min;
  const missing = method === null;
  const heldUntil = method && method.payoutsFrom > now ? method.payoutsFrom : null;
  // Also while the details load: a request now could only be refused.
  const blocked = tooLow || missing || heldUntil !== null || method === undefined;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (blocked) return;
    if (amount === '') return showError(WALLET_MESSAGES.payoutAmountMissing);
    const cents = Math.round(Number(amount) * 100);
    const parsed = payoutRequestSchema.safeParse({ amountCents: cents });
    if (!parsed.success) return showError(zodFieldErrors(parsed.error).amountCents ?? WALLET_MESSAGES.payoutAmount);
    if (cents < min) return showError(WALLET_MESSAGES.payoutMinimum(min));
    if (cents > wallet.payableCents) return showError(heldMessage ?? WALLET_MESSAGES.payoutTooLarge);
    setError(null);
    confirm.ask({
      title: 'Request a payout?',
      // Says where the money goes: the payout details as this page last read them.
      message:
        `${formatCents(cents)} leaves your available balance now and is held until an admin sends it to ` +
        `${method ? `your ${method.summary}` : 'you'}.`,
      confirmLabel: `Request ${formatCents(cents)}`,
      onConfirm: () =>
        request.mutateAsync(cents).catch((err) => {
          // The dialog shows the message (once); missing or held details (changed in another tab), or a chargeback
          // that opened since the page loaded: the form shows why from the fresh details and wallet.
          if (err instanceof ApiRequestError && err.status === 409) {
            void client.invalidateQueries({ queryKey: orderKeys.payoutMethod });
            void client.invalidateQueries({ queryKey: orderKeys.wallet });
          }
          throw err;
        }),
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Request a payout">
      <Stack gap="xs">
        <Group align="flex-start" gap="sm">
          <MoneyInput
            currency="USD"
            label="Amount (USD)"
            description={
              heldMessage
                ? `Minimum ${formatCents(min)} · up to ${formatCents(wallet.payableCents)}: ` +
                  `${formatCents(wallet.chargebackHeldCents)} is held for chargebacks`
                : `Minimum ${formatCents(min)} · available ${formatCents(wallet.availableCents)}`
            }
            allowNegative={false}
            value={amount}
            onChange={setAmount}
            ref={field}
            error={error}
            // A message after a try is read out when it appears.
            errorProps={{ role: 'alert' }}
            disabled={blocked}
            w={240}
          />
          {/* Focusable while blocked, so the keyboard reaches it and a screen reader reads why it waits. */}
          <Button
            type="submit"
            mt={{ base: 0, xs: 46 }}
            data-disabled={blocked || undefined}
            aria-disabled={blocked || undefined}
            aria-describedby={blocked ? whyBlocked : undefined}
          >
            Request payout
          </Button>
        </Group>
        <div id={whyBlocked}>
          {missing && (
            <Text size="sm" c="dimmed">
              {PAYOUT_METHOD_MESSAGES.missing} Use &ldquo;Add payout details&rdquo; above.
            </Text>
          )}
          {heldUntil !== null && (
            <Text size="sm" c="dimmed">
              {PAYOUT_METHOD_MESSAGES.onHold} You can request one from {formatDateTime(heldUntil)}.
            </Text>
          )}
          {tooLow && (
            <Text size="sm" c="dimmed">
              {heldMessage ?? `You can request a payout once your available balance reaches ${formatCents(min)}.`}
            </Text>
          )}
        </div>
      </Stack>
      {confirm.dialog}
    </form>
  );
}
