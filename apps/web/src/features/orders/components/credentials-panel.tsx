import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconEyeOff, IconLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { ORDER_MESSAGES } from '@accountry/shared/order-messages';
import { credentialsWithdrawn, isFinalState } from '@accountry/shared/order-state';
import type { OrderDetail } from '@accountry/shared/orders';
import { CredentialsView } from '../../../components/orders/credentials-view';
import { focusLost } from '../../../lib/focus-targets';
import { ordersApi, type RevealedCredentials } from '../api/orders-api';
import { DeliverForm } from './deliver-form';
import { SellerCredentials } from './seller-credentials';

/** What the card says while nothing was delivered: what comes when, or, once the order is over, that none came. */
function notDeliveredText({ status, viewerRole: role, sellerName }: OrderDetail) {
  if (isFinalState(status)) return 'No credentials were delivered for this order.';
  if (status === 'pending_payment') {
    if (role === 'buyer') return 'Once you have paid, the seller delivers the login here.';
    return `Once the buyer has paid, ${role === 'seller' ? 'you deliver' : 'the seller delivers'} the login here.`;
  }
  return role === 'buyer' ? `${sellerName} has not delivered the credentials yet.` : 'No credentials delivered yet.';
}

/** The buyer's card while a chargeback holds the order: the server refuses every reveal until the bank decides. */
const REVEAL_ON_HOLD = 'The credentials cannot be revealed while the bank reviews the chargeback.';

/** The buyer reveals what the seller delivered; the seller delivers them and sees when the buyer looked. */
export function CredentialsPanel({ order }: { order: OrderDetail }) {
  const [shown, setShown] = useState<RevealedCredentials | null>(null);
  // The button that was pressed gives way to what it shows (and back): the focus follows, so it is not lost.
  const revealed = useRef<HTMLDivElement>(null);
  const revealButton = useRef<HTMLButtonElement>(null);
  const refusal = useRef<HTMLDivElement>(null);
  const reveal = useMutation({
    mutationFn: () => ordersApi.reveal(order.id),
    onSuccess: (values) => {
      flushSync(() => setShown(values));
      revealed.current?.focus();
    },
  });
  // The button was disabled while asking, which drops the focus, and may go with the order's refresh: once the
  // refusal is drawn, it takes the focus from the button or the page's body.
  useEffect(() => {
    const onButton = document.activeElement === revealButton.current;
    if (reveal.error && (focusLost() || onButton)) refusal.current?.focus();
  }, [reveal.error]);
  const hide = () => {
    flushSync(() => setShown(null));
    revealButton.current?.focus();
  };
  const { delivered, erased, corrections } = order.credentials;
  const isBuyer = order.viewerRole === 'buyer';
  const isSeller = order.viewerRole === 'seller';

  let body: React.ReactNode;
  if (isSeller && order.actions.includes('deliver')) body = <DeliverForm order={order} />;
  else if (erased) body = <Text c="dimmed">{ORDER_MESSAGES.credentialsErased}</Text>;
  else if (isBuyer && credentialsWithdrawn(order)) body = <Text c="dimmed">{ORDER_MESSAGES.credentialsRefunded}</Text>;
  else if (!delivered) body = <Text c="dimmed">{notDeliveredText(order)}</Text>;
  else if (isBuyer && order.chargeback?.held) body = <Text c="dimmed">{REVEAL_ON_HOLD}</Text>;
  else if (isBuyer)
    body = shown ? (
      <Stack ref={revealed} tabIndex={-1} role="group" aria-label="The credentials" style={{ outlineOffset: 4 }}>
        <CredentialsView values={shown} />
        <Button variant="default" leftSection={<IconEyeOff size={18} />} onClick={hide} w="fit-content">
          Hide
        </Button>
      </Stack>
    ) : (
      <Stack gap="xs">
        {corrections > 0 && (
          <Text size="sm">{order.sellerName} corrected them after delivering; you see only the latest.</Text>
        )}
        <Text size="sm" c="dimmed">
          Reveal them somewhere private. The seller sees when you viewed them.
        </Text>
        <Button
          ref={revealButton}
          leftSection={<IconEye size={18} />}
          onClick={() => reveal.mutate()}
          loading={reveal.isPending}
          w="fit-content"
        >
          Reveal
        </Button>
      </Stack>
    );
  else body = <SellerCredentials order={order} />;
  return (
    <Card withBorder component="section" aria-labelledby="credentials-title">
      <Group gap="xs" mb="sm">
        <IconLock size={18} aria-hidden />
        <Title order={2} size="h4" id="credentials-title">
          Credentials
        </Title>
      </Group>
      {/* Outside the body, so that it and the focus stay while the body changes to the order as it now stands. */}
      {isBuyer && reveal.isError && (
        <Alert ref={refusal} color="red" role="alert" tabIndex={-1} mb="sm">
          {reveal.error.message}
        </Alert>
      )}
      {body}
    </Card>
  );
}
