import { useEffect, useRef } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCreditCard, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ORDER_MESSAGES } from '@accountry/shared/order-messages';
import type { OrderDetail } from '@accountry/shared/orders';
import { formatCents } from '@accountry/shared/wallet';
import { orderSummaryElement } from '../../../components/orders/order-summary';
import { redirectToPayment } from '../../../components/orders/payment-return';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../lib/toast';
import { focusLost } from '../../../lib/focus-targets';
import { orderKeys, ordersApi } from '../api/orders-api';
import { useOrderAction } from './use-order-action';
import { PayRefusal } from './pay-refusal';
import { payShortfall } from './pay-shortfall';
import { PaymentWindow } from './payment-window';
import { showsPaymentWindow } from './payment-window-text';

/** For the buyer of an order paid from the balance, while it may be paid: why paying now would be refused, if so. */
function usePayShortfall(order: OrderDetail, ahead: boolean) {
  const fromBalance = order.viewerRole === 'buyer' && order.provider === 'balance' && order.actions.includes('pay');
  const wallet = useQuery({ queryKey: orderKeys.wallet, queryFn: ordersApi.wallet, enabled: fromBalance });
  return ahead && fromBalance && wallet.data ? payShortfall(wallet.data, order.priceCents) : undefined;
}

/**
 * The buttons for what the viewer may do now (the server lists them); each final step asks first. `refusedBefore`: why
 * paying was refused before this page (the listing's Buy now), said as this page's own refusals until the next try.
 */
export function OrderActions({ order, refusedBefore }: { order: OrderDetail; refusedBefore?: string }) {
  const client = useQueryClient();
  const confirm = useConfirm();
  const id = order.id;
  const payButton = useRef<HTMLButtonElement>(null);
  const pay = useMutation({
    mutationFn: () => ordersApi.pay(id),
    onSuccess: async ({ order: next, redirectUrl }) => {
      if (redirectUrl) return redirectToPayment(id, redirectUrl);
      client.setQueryData(orderKeys.detail(id), next);
      // The Pay button goes with the payment: the focus goes to where the order now stands.
      orderSummaryElement()?.focus();
      toast.success(ORDER_MESSAGES.paid);
      await client.invalidateQueries({ queryKey: orderKeys.all });
    },
    // Said beside the button (PayRefusal), with the balance it fell short of, fetched again for this try.
    onError: () => void client.invalidateQueries({ queryKey: orderKeys.wallet }),
  });
  const refused = pay.isError ? pay.error.message : pay.isIdle ? refusedBefore : undefined;
  // The button was disabled while paying, which dropped the focus: once it is drawn enabled, it takes it back.
  useEffect(() => {
    if (refused !== undefined && focusLost()) payButton.current?.focus();
  }, [refused]);
  // Before any press (a reload forgets the last one's refusal): what the balance would say to paying now.
  const shortfall = usePayShortfall(order, pay.isIdle && refused === undefined);
  const refusal = refused ?? shortfall;
  const cancel = useOrderAction(id, (reason: string) => ordersApi.cancel(id, reason), ORDER_MESSAGES.canceled);
  const accept = useOrderAction(id, () => ordersApi.confirm(id), ORDER_MESSAGES.confirmed);
  const dispute = useOrderAction(id, (reason: string) => ordersApi.dispute(id, reason), ORDER_MESSAGES.disputeOpened);
  const price = formatCents(order.priceCents);
  const can = (a: OrderDetail['actions'][number]) => order.actions.includes(a);

  const askCancel = () =>
    confirm.ask({
      title: 'Cancel this order?',
      message:
        order.status === 'paid'
          ? `The seller has not delivered yet. ${price} goes back to you and the listing is offered to others again.`
          : 'The listing is offered to others again.',
      confirmLabel: 'Cancel order',
      danger: true,
      reason: { label: 'Reason (optional, the seller sees it)' },
      onConfirm: (reason) => cancel.mutateAsync(reason),
      returnFocusTo: orderSummaryElement,
    });
  const askAccept = () =>
    confirm.ask({
      title: 'Accept the account?',
      // Accepting releases the buyer's money: the dialog says how much goes to whom, and when.
      message:
        order.protectionDays > 0
          ? 'Only accept once you have signed in and secured the account. ' +
            `The ${order.protectionDays}-day protection period starts now; ` +
            'you can still open a dispute during it if you lose access. ' +
            `When it ends, the ${price} you paid is released to ${order.sellerName}.`
          : 'Only accept once you have signed in and secured the account. ' +
            `The ${price} you paid is released to ${order.sellerName} right away.`,
      confirmLabel: 'Accept the account',
      onConfirm: () => accept.mutateAsync(undefined),
      returnFocusTo: orderSummaryElement,
    });
  const askDispute = () =>
    confirm.ask({
      title: 'Open a dispute',
      message:
        'Tell us what is wrong. The seller is asked to answer within 24 hours, the clock pauses, and an admin decides.',
      confirmLabel: 'Open dispute',
      danger: true,
      reason: { label: 'What is the problem?', required: true, minLength: 10 },
      onConfirm: (reason) => dispute.mutateAsync(reason),
      returnFocusTo: orderSummaryElement,
    });

  const buttons = [
    can('pay') && (
      <Button
        key="pay"
        ref={payButton}
        leftSection={<IconCreditCard size={18} />}
        loading={pay.isPending}
        onClick={() => pay.mutate()}
      >
        Pay {price}
      </Button>
    ),
    can('confirm') && (
      // Mantine's darkest green (green.9) is 4.4:1 under white text; the theme's green text colour is 6.6:1.
      <Button
        key="confirm"
        color="var(--mantine-color-green-light-color)"
        leftSection={<IconCircleCheck size={18} />}
        onClick={askAccept}
      >
        Accept the account
      </Button>
    ),
    can('dispute') && (
      <Button
        key="dispute"
        variant="light"
        color="red"
        leftSection={<IconAlertTriangle size={18} />}
        onClick={askDispute}
      >
        Open a dispute
      </Button>
    ),
    can('cancel') && (
      <Button key="cancel" variant="default" leftSection={<IconX size={18} />} onClick={askCancel}>
        Cancel order
      </Button>
    ),
  ].filter(Boolean);
  if (buttons.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label="Order actions">
      {showsPaymentWindow(order) && <PaymentWindow order={order} />}
      {can('pay') && refusal !== undefined && (
        <PayRefusal message={refusal} order={order} answer={refused !== undefined} />
      )}
      <Group gap="xs">{buttons}</Group>
      {confirm.dialog}
    </Stack>
  );
}
