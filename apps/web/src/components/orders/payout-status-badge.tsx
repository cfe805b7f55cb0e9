import { Badge } from '@mantine/core';
import { PAYOUT_STATUS_LABELS, type PayoutStatus } from '@accountry/shared/wallet';

const COLORS: Record<PayoutStatus, string> = { open: 'yellow', paid: 'green', rejected: 'red', canceled: 'gray' };

/** A payout's status, for the member's wallet and the admin payouts page alike. */
export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  return (
    // Never narrower than its word: a badge's label may otherwise shrink to "REQUE…" in a crowded table row.
    <Badge color={COLORS[status]} variant="light" style={{ minWidth: 'max-content' }}>
      {PAYOUT_STATUS_LABELS[status]}
    </Badge>
  );
}
