import { useRef, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatPrice } from '@accountry/shared/listing-attributes';
import { OFFER_MESSAGES, OFFER_RULES, type Offer } from '@accountry/shared/offers';
import { DialogForm } from '../../../components/ui/dialog-form';
import { offerKeys, offersApi } from '../../../components/orders/offers-api';
import { toast } from '../../../lib/toast';
import { MoneyInput } from '../../../components/ui/money-input';

/** The seller answers an offer with a price of their own: more than the offer, less than the listing's price. */
export function CounterOfferDialog(props: { offer: Offer | null; onClose: () => void; onSent: (o: Offer) => void }) {
  const { offer, onClose, onSent } = props;
  const client = useQueryClient();
  const [amount, setAmount] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const send = useMutation({
    mutationFn: ({ id, cents }: { id: string; cents: number }) => offersApi.counter(id, cents),
    onSuccess: (sent) => {
      toast.success(OFFER_MESSAGES.countered);
      void client.invalidateQueries({ queryKey: offerKeys.all });
      close();
      onSent(sent);
    },
    onError: (err) => refuse(err.message),
  });
  const refuse = (message: string) => {
    setError(message);
    field.current?.focus();
  };
  const close = () => {
    if (send.isPending) return;
    setAmount('');
    setError(null);
    onClose();
  };
  if (!offer) return <Modal opened={false} onClose={close} title="Name your price" />;
  const between = OFFER_MESSAGES.counterBetween(offer.amountCents, offer.listing.priceCents, offer.currency);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const cents = Math.round(Number(amount) * 100);
    if (amount === '' || !(cents > offer.amountCents && cents < offer.listing.priceCents)) return refuse(between);
    setError(null);
    send.mutate({ id: offer.id, cents });
  };
  return (
    <Modal
      opened
      onClose={close}
      title="Name your price"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      // Sent: the button that opened it is gone, and the caller puts the focus on the offer's row.
      returnFocus={!send.isSuccess}
    >
      <DialogForm onSubmit={submit}>
        <Stack>
          <Text size="sm">
            {offer.buyerName} offers {formatPrice(offer.amountCents, offer.currency)} for “{offer.listing.title}”.
            Answer with your price: they have {OFFER_RULES.answerHours} hours to accept it, then {OFFER_RULES.buyHours}{' '}
            hours to buy at it.
          </Text>
          <MoneyInput
            currency={offer.currency}
            ref={field}
            data-autofocus
            label={`Your price (${offer.currency})`}
            description={error ? undefined : between}
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
              Send your price
            </Button>
          </Group>
        </Stack>
      </DialogForm>
    </Modal>
  );
}
