import { Link } from 'react-router';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { chargebackReasonText } from '@accountry/shared/chargebacks';
import {
  DISPUTE_FEE_RECOVERY,
  chargebackLostText,
  disputeFeeText,
  disputedPartText,
} from '@accountry/shared/chargeback-notice';
import type { OrderDetail } from '@accountry/shared/orders';
import { formatCents } from '@accountry/shared/wallet';
import { formatDateTime } from '../../lib/format-time';

type Chargeback = NonNullable<OrderDetail['chargeback']>;

function titleOf(c: Chargeback) {
  if (c.status === 'open') return 'Chargeback under review';
  return `Chargeback decided for the ${c.status === 'won' ? 'seller' : 'buyer'}`;
}

/** What follows from the bank's review or decision, for the side reading it. */
function Consequence({ order, c, amount }: { order: OrderDetail; c: Chargeback; amount: string }) {
  const settled = order.status === 'completed';
  if (c.held)
    return (
      <Text size="sm" mt={4}>
        While the bank reviews it the order is paused: no one can accept, dispute, cancel or deliver, and the time the
        hold takes is given back to its deadlines afterwards. Accountry answers the bank with the order&apos;s records.
      </Text>
    );
  if (c.status === 'won')
    return (
      <Text size="sm" mt={4}>
        The order is no longer on hold and goes on; its deadlines moved on by the time the hold took.
      </Text>
    );
  if (!settled)
    return c.status === 'lost' ? (
      <Text size="sm" mt={4}>
        {chargebackLostText(order, c, order.viewerRole)}
      </Text>
    ) : null;
  if (order.viewerRole === 'seller' && c.status === 'lost')
    return (
      <Text size="sm" mt={4}>
        You were paid for this order before the chargeback. The bank returned {amount} to the buyer, so an admin will
        take {amount} back from your balance; you will see it in your balance history.
      </Text>
    );
  if (order.viewerRole !== 'admin') return null;
  const seller = <SellerPage order={order} />;
  return (
    <Text size="sm" mt={4}>
      {c.status === 'lost' ? (
        <>
          The seller was paid before the chargeback and the bank took {amount} back: recover it with a balance
          correction on {seller}.
        </>
      ) : (
        <>
          The seller was paid before the chargeback: if the bank decides for the buyer, recover {amount} with a balance
          correction on {seller}.
        </>
      )}
    </Text>
  );
}

function SellerPage({ order }: { order: OrderDetail }) {
  return (
    <Anchor component={Link} to={`/admin/users/${order.sellerId}`}>
      {order.sellerName}&apos;s user page
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
          {DISPUTE_FEE_RECOVERY} <SellerPage order={order} />.
        </>
      )}
    </Text>
  );
}

/** The card's bank disputes the payment (decision 183): what it means for this order, for whoever reads it. */
export function ChargebackNotice({ order }: { order: OrderDetail }) {
  const c = order.chargeback;
  if (!c) return null;
  const amount = formatCents(c.amountCents);
  const whose = order.viewerRole === 'buyer' ? 'Your' : "The buyer's";
  return (
    <Alert icon={<IconBuildingBank />} color={c.status === 'won' ? 'teal' : 'orange'} title={titleOf(c)} role="region">
      <Text size="sm">
        {whose} bank disputed {disputedPartText(c.amountCents, order.priceCents)} on {formatDateTime(c.openedAt)}:{' '}
        {chargebackReasonText(c.reason)}.{c.closedAt !== null && ` It decided on ${formatDateTime(c.closedAt)}.`}
      </Text>
      <Consequence order={order} c={c} amount={amount} />
      <DisputeFee order={order} fee={c.fee} />
    </Alert>
  );
}
