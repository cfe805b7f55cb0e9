import { useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { formatPrice } from '@accountry/shared/listing-attributes';
import { DELIVERY_TIME_LABELS, type DeliveryTime, type ListingStatus } from '@accountry/shared/listings';
import { ORDER_MESSAGES } from '@accountry/shared/order-messages';
import {
  ORDER_ROUTES,
  orderPath,
  type CreateOrderInput,
  type OrderDetail,
  type PayOrderResponse,
} from '@accountry/shared/orders';
import { api } from '../../lib/api';
import { toast } from '../../lib/toast';
import { pageHeading } from '../../lib/focus-targets';
import { orderPagePath } from './order-format';
import { redirectToPayment } from './payment-return';
import { AppModal } from '../ui/app-modal';
import { ARRIVED_BUYING, arrivedRefused, type ArrivedBuying } from './order-summary';

export interface BuyableListing {
  id: string;
  title: string;
  priceCents: number;
  currency: string;
  status: ListingStatus;
  isOwner: boolean;
  protectionDays: number;
  deliveryTime: DeliveryTime;
}

const deliveryPhrase = (t: DeliveryTime) => (t === 'instant' ? 'right away' : DELIVERY_TIME_LABELS[t].toLowerCase());

/** Why the viewer cannot buy the listing, or null when they can. */
export function buyBlocker(l: Pick<BuyableListing, 'status' | 'isOwner'>): string | null {
  if (l.isOwner) return 'This is your own listing.';
  if (l.status === 'reserved') return 'Another buyer is paying for this account right now.';
  if (l.status === 'sold') return 'This account has been sold.';
  if (l.status !== 'active') return ORDER_MESSAGES.listingNotActive;
  return null;
}

/** An accepted offer to buy at (decision 180): its id and price. */
export interface AcceptedOffer {
  id: string;
  amountCents: number;
}

/**
 * "Buy now", or "Buy for" an accepted offer's price: asks first, then creates the order and pays it (or goes to the
 * payment page the provider gives).
 */
export function BuyNowButton({ listing, offer }: { listing: BuyableListing; offer?: AcceptedOffer }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // Why the order was refused (the price or terms changed, someone else is buying): said in the dialog until the next
  // try, as every confirmation says its refusals; a toast is gone in three seconds.
  const [refused, setRefused] = useState<string | null>(null);
  const refusal = useRef<HTMLDivElement>(null);
  // On a phone the bar drops "Buy now", and this dialog with it, once the listing is taken: the refusal is toasted.
  const refusedShown = useRef<string | null>(null);
  refusedShown.current = open ? refused : null;
  useEffect(
    () => () => {
      if (refusedShown.current) toast.error(refusedShown.current);
    },
    [],
  );
  const blocker = buyBlocker(listing);
  const blockerId = useId();
  const priceCents = offer ? Math.min(offer.amountCents, listing.priceCents) : listing.priceCents;
  const price = formatPrice(priceCents, listing.currency);

  const close = () => {
    if (busy) return;
    setOpen(false);
    setRefused(null);
  };
  const buy = async () => {
    setBusy(true);
    setRefused(null);
    let order: OrderDetail;
    try {
      // The terms the buyer confirmed: others (a change meanwhile) are refused rather than charged.
      const body: CreateOrderInput = {
        listingId: listing.id,
        offerId: offer?.id,
        expectedPriceCents: priceCents,
        expectedDeliveryTime: listing.deliveryTime,
        expectedProtectionDays: listing.protectionDays,
      };
      order = await api<OrderDetail>(ORDER_ROUTES.create, { body });
    } catch (err) {
      // The Pay button was disabled while busy, which dropped the focus: it goes to the refusal, drawn first. The
      // listing is read again, so that the dialog asks its new terms, or says it can no longer be bought.
      flushSync(() => {
        setBusy(false);
        setRefused((err as Error).message);
      });
      refusal.current?.focus();
      void client.invalidateQueries({ queryKey: ['listing', listing.id] });
      void client.invalidateQueries({ queryKey: ['offers'] });
      return;
    }
    let arrival: ArrivedBuying = ARRIVED_BUYING;
    try {
      const paid = await api<PayOrderResponse>(orderPath(ORDER_ROUTES.pay, { id: order.id }), { body: {} });
      if (paid.redirectUrl) return redirectToPayment(order.id, paid.redirectUrl);
      toast.success(ORDER_MESSAGES.paid);
    } catch (err) {
      // The order exists and waits for payment: its page says why beside its Pay button, how long, and pays again.
      arrival = arrivedRefused((err as Error).message);
    }
    void client.invalidateQueries({ queryKey: ['listing', listing.id] });
    void client.invalidateQueries({ queryKey: ['orders'] });
    void client.invalidateQueries({ queryKey: ['offers'] });
    // Paid or waiting for payment: the order page takes the focus as after paying there (decision 203).
    navigate(orderPagePath(order.id), { state: arrival });
  };

  return (
    <>
      <Button
        size="md"
        leftSection={<IconShoppingCart size={18} />}
        // Found by the listing page, to take the focus back to after a change that brought buying back.
        data-buy-now
        disabled={!!blocker}
        aria-describedby={blocker ? blockerId : undefined}
        onClick={() => setOpen(true)}
      >
        {offer ? `Buy for ${price}` : 'Buy now'}
      </Button>
      {blocker && (
        <Text id={blockerId} size="sm" c="dimmed" tabIndex={-1}>
          {blocker}
        </Text>
      )}
      <AppModal
        opened={open}
        onClose={close}
        // Refused because the listing was taken meanwhile: "Buy now" is disabled, and why is said beside it.
        returnFocusTo={() => document.getElementById(blockerId) ?? pageHeading()}
        title="Buy this account?"
        description={
          <Text>
            You pay <strong>{price}</strong> for “{listing.title}” now. Accountry holds the money: the seller delivers
            the login {deliveryPhrase(listing.deliveryTime)} and you have 72 hours to check the account.{' '}
            {listing.protectionDays > 0
              ? `The seller is paid after a ${listing.protectionDays}-day protection period, ` +
                'in which you can still open a dispute.'
              : 'The seller is paid as soon as you accept it.'}
          </Text>
        }
        centered
      >
        <Stack>
          {refused && (
            <Alert ref={refusal} color="red" role="alert" tabIndex={-1}>
              {refused}
            </Alert>
          )}
          <Group justify="flex-end">
            {/* The first focus, as in every confirmation: Enter straight away does not pay. */}
            <Button variant="default" onClick={close} disabled={busy} data-autofocus>
              Cancel
            </Button>
            {/* Taken, sold or no longer for sale meanwhile: the refusal says so, and there is nothing to pay. */}
            {!blocker && (
              <Button onClick={buy} loading={busy}>
                Pay {price}
              </Button>
            )}
          </Group>
        </Stack>
      </AppModal>
    </>
  );
}
