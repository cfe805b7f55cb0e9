import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button, List, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { MAX_CREDENTIAL_CORRECTIONS } from '@accountry/shared/credentials-correction';
import { ORDER_MESSAGES, credentialsViewedLine, earlierRevealsLine } from '@accountry/shared/order-messages';
import type { OrderDetail } from '@accountry/shared/orders';
import { formatDateTime } from '../../../lib/format-time';
import { correctionsLeftText } from './corrections-left-text';
import { CREDENTIALS_SUMMARY_ID, DeliverForm } from './deliver-form';

/**
 * What the seller sees of delivered credentials: when the buyer viewed them, and while the buyer has not, a way to
 * correct them (decision 182); once they have, the page says the chat is the way.
 */
export function SellerCredentials({ order }: { order: OrderDetail }) {
  const [correcting, setCorrecting] = useState(false);
  const correctButton = useRef<HTMLButtonElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  const firstField = useRef<HTMLInputElement>(null);
  // The form is drawn before the focus moves to its first field.
  const open = () => {
    flushSync(() => setCorrecting(true));
    firstField.current?.focus();
  };
  // The form gives way to the summary: the focus goes back to the button, or to the summary once it is gone.
  const close = () => {
    flushSync(() => setCorrecting(false));
    (correctButton.current ?? summary.current)?.focus();
  };
  // Refused (the buyer has just revealed them, say): the button is about to go, the summary says why.
  const refused = () => {
    flushSync(() => setCorrecting(false));
    summary.current?.focus();
  };
  if (correcting) return <DeliverForm order={order} onCancel={close} onRefused={refused} firstField={firstField} />;

  const { reveals, earlierReveals, corrections, canCorrect } = order.credentials;
  const buyerViews = reveals.filter((r) => r.by === 'buyer');
  const checking = order.status === 'delivered';
  const left = MAX_CREDENTIAL_CORRECTIONS - corrections;
  return (
    <Stack gap="xs" ref={summary} id={CREDENTIALS_SUMMARY_ID} tabIndex={-1} style={{ outlineOffset: 4 }}>
      <Text size="sm">Delivered {order.deliveredAt ? formatDateTime(order.deliveredAt) : ''}.</Text>
      {corrections > 0 && (
        <Text size="sm">
          Corrected {corrections === 1 ? 'once' : `${corrections} times`} after delivery; the buyer sees only the
          latest.
        </Text>
      )}
      {buyerViews.length === 0 && earlierReveals === 0 ? (
        <Text size="sm" c="dimmed">
          The buyer has not viewed them yet.
        </Text>
      ) : (
        buyerViews.length > 0 && (
          <List size="sm" aria-label="Credential views">
            {buyerViews.map((r) => (
              <List.Item key={r.at}>{credentialsViewedLine(formatDateTime(r.at))}</List.Item>
            ))}
          </List>
        )
      )}
      {earlierReveals > 0 && (
        <Text size="sm" c="dimmed">
          {earlierRevealsLine(earlierReveals)}
        </Text>
      )}
      {canCorrect ? (
        <>
          <Text size="sm" c="dimmed">
            A typo? You can replace them {correctionsLeftText(left)}, until the buyer reveals them.
          </Text>
          <Button
            ref={correctButton}
            variant="default"
            leftSection={<IconPencil size={18} />}
            onClick={open}
            w="fit-content"
          >
            Correct the credentials
          </Button>
        </>
      ) : (
        checking &&
        order.viewerRole === 'seller' && (
          <Text size="sm" c="dimmed">
            {order.chargeback?.held
              ? ORDER_MESSAGES.correctionOnHold
              : buyerViews.length > 0
                ? ORDER_MESSAGES.correctionRevealed
                : left <= 0
                  ? ORDER_MESSAGES.correctionLimit
                  : ORDER_MESSAGES.correctionClosed}
          </Text>
        )
      )}
    </Stack>
  );
}
