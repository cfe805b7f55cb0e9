import { Link } from 'react-router';
import { Anchor, Text } from '@mantine/core';
import { chargebackHoldParts } from '@accountry/shared/chargeback-holds';
import type { ChargebackHold } from '@accountry/shared/wallet';
import { PlainList } from '../ui/plain-list';

/** What each chargeback keeps from payouts and why, its order's title a link (decision 204): members' and admins'. */
export function ChargebackHoldsList({
  holds,
  orderPath,
}: {
  holds: ChargebackHold[];
  orderPath: (id: string) => string;
}) {
  return (
    <PlainList aria-label="Chargebacks holding money" gap={4}>
      {holds.map((h) => {
        const [before, after] = chargebackHoldParts(h);
        return (
          <Text component="li" size="sm" key={h.orderId}>
            {before}
            <Anchor component={Link} to={orderPath(h.orderId)} size="sm">
              {h.listingTitle}
            </Anchor>
            {after}
          </Text>
        );
      })}
    </PlainList>
  );
}
