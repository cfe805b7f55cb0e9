import { Text } from '@mantine/core';
import type { Payout } from '@accountry/shared/wallet';

/** A paid payout's transfer reference (decision 188), for the member's wallet and the admin payouts page alike. */
export function PayoutReference({ p }: { p: Pick<Payout, 'reference'> }) {
  if (!p.reference) return null;
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      Transfer reference: {p.reference}
    </Text>
  );
}
