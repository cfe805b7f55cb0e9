import { useId } from 'react';
import { Card, Text, Timeline, Title } from '@mantine/core';
import { CREDENTIALS_CORRECTED_BUYER_REASON, ORDER_HISTORY_EVENT_TITLES } from '@accountry/shared/order-messages';
import { ORDER_STATE_LABELS } from '@accountry/shared/order-state';
import type { OrderDetail, OrderHistoryEntry } from '@accountry/shared/orders';
import { ACTOR_LABELS } from './order-format';
import { formatDateTime } from '../../lib/format-time';

/** An entry's title: the state it reached, or what happened when it moved none (decisions 182, 183). */
export const historyTitle = (h: OrderHistoryEntry) =>
  h.event ? ORDER_HISTORY_EVENT_TITLES[h.event] : ORDER_STATE_LABELS[h.to];
type Viewer = OrderDetail['viewerRole'];
/** The buyer is not told how many corrections the seller has left (the server's reason counts them). */
const reasonOf = (h: OrderHistoryEntry, viewer: Viewer | undefined) =>
  viewer === 'buyer' && h.event === 'credentials_corrected' ? CREDENTIALS_CORRECTED_BUYER_REASON : h.reason;

/** The order's history, oldest first: every transition with who, when and why. */
export function OrderTimeline({ history, viewer }: { history: OrderHistoryEntry[]; viewer?: Viewer }) {
  return (
    <Timeline
      active={history.length - 1}
      bulletSize={14}
      lineWidth={2}
      component="ol"
      aria-label="Order history"
      styles={{ root: { listStyle: 'none', paddingLeft: 0, margin: 0 } }}
    >
      {history.map((h) => {
        const reason = reasonOf(h, viewer);
        return (
          <Timeline.Item key={h.id} component="li" title={historyTitle(h)}>
            <Text size="sm" c="dimmed">
              <time dateTime={new Date(h.at).toISOString()}>{formatDateTime(h.at)}</time> ·{' '}
              {h.actorName ? `${h.actorName} (${ACTOR_LABELS[h.actorKind].toLowerCase()})` : ACTOR_LABELS[h.actorKind]}
            </Text>
            {reason && (
              <Text size="sm" mt={2} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {reason}
              </Text>
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

/** The order's history in its own titled card, as the member's and the admin's order pages show it. */
export function OrderHistoryCard({ history, viewer }: { history: OrderHistoryEntry[]; viewer?: Viewer }) {
  const titleId = useId();
  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" mb="md" id={titleId}>
        History
      </Title>
      <OrderTimeline history={history} viewer={viewer} />
    </Card>
  );
}
