import { Alert, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { formatCents, type Wallet } from '@accountry/shared/wallet';
import { ChargebackHoldsList } from '../../../components/orders/chargeback-holds-list';
import { orderPagePath } from '../../../components/orders/order-format';

/**
 * On /wallet: what chargebacks keep from payouts and why, each with its order (decision 204). A region, not an alert:
 * it is the page's state, read in its place.
 */
export function ChargebackHoldsNotice({ wallet }: { wallet: Wallet }) {
  if (wallet.chargebackHolds.length === 0) return null;
  return (
    <Alert icon={<IconBuildingBank />} color="orange" title="Held for chargebacks" role="region">
      <ChargebackHoldsList holds={wallet.chargebackHolds} orderPath={orderPagePath} />
      <Text size="sm" mt="xs">
        Payouts can take the rest of your available balance: {formatCents(wallet.payableCents)}. The hold takes nothing
        from your balance: it keeps the money from being paid out until the chargeback is settled.
      </Text>
    </Alert>
  );
}
