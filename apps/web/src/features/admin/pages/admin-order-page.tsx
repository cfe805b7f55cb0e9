import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Anchor, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isPartyTo } from '@accountry/shared/admin-rules';
import { ORDER_MESSAGES } from '@accountry/shared/order-messages';
import { ChargebackNotice } from '../../../components/orders/chargeback-notice';
import { DisputeDecision } from '../../../components/orders/dispute-decision';
import { DisputeThread } from '../../../components/orders/dispute-thread';
import { OrderCountdown, dueLabel } from '../../../components/orders/order-countdown';
import { OrderSummary } from '../../../components/orders/order-summary';
import { OrderHistoryCard } from '../../../components/orders/order-timeline';
import { OrderUpdates } from '../../../components/orders/order-updates';
import { adminOrderKeys, adminOrdersApi } from '../api/admin-orders-api';
import { AdminCredentials } from '../components/admin-credentials';
import { AuditTrail } from '../components/audit-trail';
import { ChargebackRecovery } from '../components/chargeback-recovery';
import { CardRefunds } from '../components/card-refunds';
import { RefundedPaymentDisputes } from '../components/refunded-payment-disputes';
import { DecisionForm } from '../components/decision-form';
import { BackLink } from '../components/back-link';
import { QueryState } from '../components/query-state';
import { formatDateTime } from '../../../lib/format-time';
import { useSession } from '../../../lib/session';

/** /admin/orders/:orderId: the whole order for an admin, and the dispute decision while one is open. */
export function Component() {
  const { orderId = '' } = useParams();
  const query = useQuery({ queryKey: adminOrderKeys.order(orderId), queryFn: () => adminOrdersApi.order(orderId) });
  const order = query.data;
  const client = useQueryClient();
  const refresh = useCallback(
    () => void client.invalidateQueries({ queryKey: adminOrderKeys.order(orderId) }),
    [client, orderId],
  );
  const me = useSession().user?.uid;
  // An admin who bought or sold the order acts on it only as a party (decision 190).
  const own = !!order && isPartyTo(me ?? '', [order.buyerId, order.sellerId]);
  return (
    <Stack>
      <BackLink to="/admin/orders">All orders</BackLink>
      <QueryState
        loading={query.isPending}
        error={query.error}
        refetch={query.refetch}
        label="Loading the order…"
        page="the order"
      >
        {order && (
          <>
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              Order: {order.listingTitle}
            </Title>
            <OrderUpdates order={order} refresh={refresh} />
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Stack gap="lg">
                  {order.dispute && (
                    <Card withBorder component="section" aria-label="Dispute">
                      <Text fw={600}>Dispute opened {formatDateTime(order.dispute.openedAt)}</Text>
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {order.dispute.reason}
                      </Text>
                      {order.status === 'disputed' && (
                        <OrderCountdown
                          dueAt={order.dispute.sellerAnswerDueAt}
                          label="The seller is asked to answer within"
                          overdue="The seller's answer was due"
                        />
                      )}
                    </Card>
                  )}
                  <ChargebackNotice order={order} />
                  <ChargebackRecovery order={order} />
                  <CardRefunds order={order} />
                  <RefundedPaymentDisputes order={order} />
                  <DisputeDecision order={order} />
                  {order.status === 'disputed' &&
                    (order.chargeback?.held ? (
                      <Alert color="yellow" title="On hold">
                        {ORDER_MESSAGES.decideAfterChargeback}
                      </Alert>
                    ) : own ? (
                      <Alert color="yellow" title="Your own order">
                        {ORDER_MESSAGES.ownDisputeDecision}
                      </Alert>
                    ) : (
                      <DecisionForm order={order} />
                    ))}
                  {order.dispute && <DisputeThread order={order} />}
                  <OrderHistoryCard history={order.history} />
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <Stack gap="md">
                  <OrderSummary order={order} />
                  {order.dueAt !== null && order.dueAction && !order.chargeback?.held && (
                    <Card withBorder component="section" aria-label="What happens next">
                      <OrderCountdown dueAt={order.dueAt} label={dueLabel(order.dueAction, 'admin')} />
                    </Card>
                  )}
                  <AdminCredentials order={order} own={own} />
                  <Group gap="md">
                    <Anchor component={Link} to={`/admin/users/${order.buyerId}`} size="sm">
                      Buyer: {order.buyerName}
                    </Anchor>
                    <Anchor component={Link} to={`/admin/users/${order.sellerId}`} size="sm">
                      Seller: {order.sellerName}
                    </Anchor>
                  </Group>
                  <AuditTrail targetType="order" targetId={order.id} />
                </Stack>
              </Grid.Col>
            </Grid>
          </>
        )}
      </QueryState>
    </Stack>
  );
}
