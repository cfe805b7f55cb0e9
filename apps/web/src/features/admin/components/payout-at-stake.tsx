import { Link } from 'react-router';
import { Anchor, Text } from '@mantine/core';
import { formatCents, type Payout } from '@accountry/shared/wallet';

/**
 * On an open payout whose member has less available than chargebacks hold (decision 204): said in the list, before
 * anyone sends the money, with the member's page, where the wallet shows each chargeback.
 */
export function PayoutAtStake({ p }: { p: Payout }) {
  const s = p.chargebackAtStake;
  if (!s) return null;
  return (
    <Text size="sm" c="red.9" maw={320}>
      Chargebacks hold {formatCents(s.heldCents)}; {p.userName} has {formatCents(s.availableCents)} available beside
      this payout. Check{' '}
      <Anchor component={Link} to={`/admin/users/${p.userId}`} c="red.9" underline="always">
        their user page
      </Anchor>{' '}
      before sending it.
    </Text>
  );
}
