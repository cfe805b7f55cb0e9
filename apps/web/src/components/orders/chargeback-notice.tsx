import { Link } from 'react-router';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { chargebackReasonText } from '@accountry/shared/chargebacks';
import {
  DISPUTE_FEE_RECOVERY,
  chargebackLostText,
  disputeFeeText,
  disputedPartText,
  settledChargebackText,
} from '@accountry/shared/chargeback-notice';
import type { OrderDetail } from '@accountry/shared/orders';
import { formatDateTime } from '../../lib/format-time';

type Chargeback = NonNullable<OrderDetail['chargeback']>;

function titleOf(c: Chargeback) {
  if (c.status === 'open') return 'Chargeback under review';
  return `Chargeback decided for the ${c.status === 'won' ? 'seller' : 'buyer'}`;
}

/** What follows from the bank's review or decision, for the side reading it. */
function Consequence({ order, c }: { order: OrderDetail; c: Chargeback }) {
  if (c.held)
    return (
      <Text size="sm" mt={4}>
        While the bank reviews it the order is paused: no one can accept, dispute, cancel or deliver, and the time the
        hold takes is given back to its deadlines afterwards. Accountry answers the bank with the order&apos;s records.
      </Text>
    );
  if (c.settledBefore) {
    // Escrow held none of it: what the bank takes is recovered by hand, from whoever the order had paid.
    const settled = settledChargebackText(order, c, order.viewerRole);
    if (!settled) return null;
    const from = settled.recoverFrom;
    return (
      <Text size="sm" mt={4}>
        {settled.text}
        {from && (
          <>
            {' '}
            <UserPage
              id={from === 'seller' ? order.sellerId : order.buyerId}
              name={from === 'seller' ? order.sellerName : order.buyerName}
            />
            .
          </>
        )}
      </Text>
    );
  }
  if (c.status === 'won')
    return (
      <Text size="sm" mt={4}>
        The order is no longer on hold and goes on; its deadlines moved on by the time the hold took.
      </Text>
    );
  return c.status === 'lost' ? (
    <Text size="sm" mt={4}>
      {chargebackLostText(order, c, order.viewerRole)}
    </Text>
  ) : null;
}

function UserPage({ id, name }: { id: string; name: string }) {
  return (
    <Anchor component={Link} to={`/admin/users/${id}`}>
      {name}&apos;s user page
    </Anchor>
  );
}

/** For admins: Stripe's dispute fee, the platform's cost; while Stripe keeps it, how to charge it to the seller. */
function DisputeFee({ order, fee }: { order: OrderDetail; fee: Chargeback['fee'] }) {
  const text = fee && disputeFeeText(fee);
  if (!fee || !text) return null;
  return (
    <Text size="sm" mt={4}>
      {text}
      {fee.returnedCents < fee.chargedCents && (
        <>
          {' '}
          {DISPUTE_FEE_RECOVERY} <UserPage id={order.sellerId} name={order.sellerName} />.
        </>
      )}
    </Text>
  );
}

/** The card's bank disputes the payment (decision 183): what it means for this order, for whoever reads it. */
export function ChargebackNotice({ order }: { order: OrderDetail }) {
  const c = order.chargeback;
  if (!c) return null;
  const whose = order.viewerRole === 'buyer' ? 'Your' : "The buyer's";
  return (
    <Alert icon={<IconBuildingBank />} color={c.status === 'won' ? 'teal' : 'orange'} title={titleOf(c)} role="region">
      <Text size="sm">
        {whose} bank disputed {disputedPartText(c.amountCents, order.priceCents)} on {formatDateTime(c.openedAt)}:{' '}
        {chargebackReasonText(c.reason)}.{c.closedAt !== null && ` It decided on ${formatDateTime(c.closedAt)}.`}
      </Text>
      <Consequence order={order} c={c} />
      <DisputeFee order={order} fee={c.fee} />
    </Alert>
  );
}
