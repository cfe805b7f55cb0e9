import { Alert, Text } from '@mantine/core';
import { IconGavel } from '@tabler/icons-react';
import { DECISION_LABELS, type OrderDetail } from '@accountry/shared/orders';
import { formatCents } from '@accountry/shared/wallet';
import { formatDateTime } from '../../lib/format-time';

/** The admin's decision on the dispute and the written reason, as both parties see it. */
export function DisputeDecision({ order }: { order: OrderDetail }) {
  const d = order.decision;
  if (!d) return null;
  return (
    <Alert
      icon={<IconGavel />}
      color={d.outcome === 'release' ? 'indigo' : 'orange'}
      title={`Decision: ${DECISION_LABELS[d.outcome]}`}
      component="section"
      // A region named by its title ("Decision: …"); where the admin's focus goes once the decision is recorded.
      role="region"
      id="dispute-decision"
      tabIndex={-1}
    >
      {d.refundedCents > 0 && <Text size="sm">Refunded {formatCents(d.refundedCents)} to the buyer.</Text>}
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {d.reason}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        Decided {formatDateTime(d.decidedAt)}
      </Text>
    </Alert>
  );
}
