import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatPrice } from '@accountry/shared/listing-attributes';
import { OFFER_MESSAGES, OFFER_RULES, lowestOffer } from '@accountry/shared/offers';
import { ApiRequestError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { DialogForm } from '../ui/dialog-form';
import { offerKeys, offersApi } from './offers-api';
import { MoneyInput } from '../ui/money-input';

interface Props {
  listing: { id: string; title: string; priceCents: number; currency: string };
  opened: boolean;
  onClose: () => void;
  /** After the offer went: the button that opened the dialog is gone, the caller says where the focus goes. */
  onSent: () => void;
}

/** "Make an offer": an amount between half the price and the price, checked here and again by the server. */
export function MakeOfferDialog({ listing, opened, onClose, onSent }: Props) {
  const client = useQueryClient();
  const [amount, setAmount] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  // Refusals that are not about the amount (limits, the network) are the form's, not the field's.
  const [formError, setFormError] = useState<string | null>(null);
  const alert = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const lowest = lowestOffer(listing.priceCents);
  const send = useMutation({
    mutationFn: (cents: number) => offersApi.make(listing.id, cents),
    onSuccess: () => {
      toast.success(OFFER_MESSAGES.sent);
      void client.invalidateQueries({ queryKey: offerKeys.all });
      close();
      requestAnimationFrame(onSent);
    },
    onError: (err) => {
      if (err instanceof ApiRequestError && err.status === 400) return refuse(err.message);
      // An offer made meanwhile (another tab) or a limit: the page learns what is true now.
      void client.invalidateQueries({ queryKey: offerKeys.all });
      flushSync(() => setFormError(err.message));
      alert.current?.focus();
    },
  });
  const refuse = (message: string) => {
    setError(message);
    field.current?.focus();
  };
  const close = () => {
    if (send.isPending) return;
    setAmount('');
    setError(null);
    setFormError(null);
    onClose();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (send.isPending) return;
    const cents = Math.round(Number(amount) * 100);
    if (amount === '' || !Number.isFinite(cents) || cents <= 0) return refuse('Enter the amount you offer.');
    if (cents < lowest) return refuse(OFFER_MESSAGES.tooLow(listing.priceCents, listing.currency));
    if (cents >= listing.priceCents) return refuse(OFFER_MESSAGES.notBelowPrice);
    setError(null);
    setFormError(null);
    send.mutate(cents);
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Make an offer"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      returnFocus={!send.isSuccess}
    >
      <DialogForm onSubmit={submit}>
        <Stack>
          <Text size="sm">
            The price of “{listing.title}” is {formatPrice(listing.priceCents, listing.currency)}. The seller has{' '}
            {OFFER_RULES.answerHours} hours to answer; if they accept, you have {OFFER_RULES.buyHours} hours to buy at
            your price.
          </Text>
          {formError && (
            <Alert ref={alert} color="red" role="alert" tabIndex={-1}>
              {formError}
            </Alert>
          )}
          <MoneyInput
            currency={listing.currency}
            ref={field}
            data-autofocus
            label={`Your offer (${listing.currency})`}
            // The error says the same when it shows: a screen reader hears it once.
            description={error ? undefined : `At least ${formatPrice(lowest, listing.currency)}, half the price.`}
            value={amount}
            onChange={(v) => {
              setAmount(v);
              setError(null);
            }}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={send.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={send.isPending}>
              Send offer
            </Button>
          </Group>
        </Stack>
      </DialogForm>
    </Modal>
  );
}
