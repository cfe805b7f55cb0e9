import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert, Anchor, Breadcrumbs, Button, Card, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isFinalState } from '@accountry/shared/order-state';
import { ORDER_MESSAGES } from '@accountry/shared/order-messages';
import { ChargebackNotice } from '../../../components/orders/chargeback-notice';
import { DisputeDecision } from '../../../components/orders/dispute-decision';
import { DisputeThread } from '../../../components/orders/dispute-thread';
import { OrderCountdown, dueLabel } from '../../../components/orders/order-countdown';
import { reviewAfterProtectionText } from '../components/review-after-protection';
import {
  ARRIVED_BUYING,
  OrderSummary,
  orderSummaryElement,
  type ArrivedBuying,
} from '../../../components/orders/order-summary';
import { OrderUpdates } from '../../../components/orders/order-updates';
import { focusLost } from '../../../lib/focus-targets';
import { toast } from '../../../lib/toast';
import { OrderHistoryCard } from '../../../components/orders/order-timeline';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { ApiRequestError } from '../../../lib/api';
import { PageLoadFailure } from '../../../components/ui/page-load-failure';
import { forgetPayment, returnedFromPayment } from '../../../components/orders/payment-return';
import { orderKeys, ordersApi } from '../api/orders-api';
import { CredentialsPanel } from '../components/credentials-panel';
import { OrderActions } from '../components/order-actions';
import { showsPaymentWindow } from '../components/payment-window-text';
import { OrderReviewForm } from '../components/order-review-form';

/**
 * Back from the payment provider's page (the same URL for success and cancel; `?paid=1` is accepted too): while the
 * order still waits for the provider's confirmation, say so and check every two seconds instead of every ten.
 */
function usePaymentReturn(id: string) {
  const [params, setParams] = useSearchParams();
  const [waiting, setWaiting] = useState(() => params.has('paid') || returnedFromPayment(id));
  useEffect(() => {
    if (params.has('paid') || params.has('canceled')) setParams({}, { replace: true });
  }, [params, setParams]);
  const settle = useCallback(() => {
    forgetPayment(id);
    setWaiting(false);
  }, [id]);
  return { waiting, settle };
}

/**
 * Arrived here by buying elsewhere (the listing's Buy now): once the order shows, the focus goes to its summary, as after
 * paying on this page (decision 203), rather than staying lost with the dialog that sent it here. Returns why paying was
 * refused there, if it was, for the Pay button to say (which then takes the focus first).
 */
function useArrivalFromBuying(id: string, shown: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const done = useRef(false);
  const state = location.state as ArrivedBuying | null;
  const arrivedBuying = state?.focus === ARRIVED_BUYING.focus;
  // Kept past the state's removal below, for this order only.
  const [refused] = useState(() => ({ id, message: arrivedBuying ? state.payRefused : undefined }));
  useEffect(() => {
    if (!shown || !arrivedBuying || done.current) return;
    done.current = true;
    if (focusLost()) orderSummaryElement()?.focus();
    // Not again on a reload of this entry.
    const { pathname, search, hash } = location;
    void navigate({ pathname, search, hash }, { replace: true, state: null });
  }, [shown, arrivedBuying, navigate, location]);
  return refused.id === id ? refused.message : undefined;
}

/** /orders/:id: where the deal stands, what happens next and when, and what the viewer can do now. */
export function Component() {
  const { id = '' } = useParams();
  const payment = usePaymentReturn(id);
  const query = useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: () => ordersApi.get(id),
    retry: (n, err) => !(err instanceof ApiRequestError && err.status < 500) && n < 2,
    // The other side acts too: keep an open order fresh, and watch closely for a payment just made.
    refetchInterval: (q) => {
      const status = q.state.data?.status;
      if (status && isFinalState(status)) return false;
      return payment.waiting && status === 'pending_payment' ? 2000 : 10_000;
    },
  });
  const client = useQueryClient();
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: orderKeys.detail(id) }), [client, id]);
  const refusedBefore = useArrivalFromBuying(id, !!query.data);
  const status = query.data?.status;
  const { waiting, settle } = payment;
  useEffect(() => {
    if (!waiting || !status || status === 'pending_payment') return;
    settle();
    // Paid at the provider's page: said as paying from the balance says it, with the focus on where the order stands.
    if (status === 'paid') {
      toast.success(ORDER_MESSAGES.paid);
      if (focusLost()) orderSummaryElement()?.focus();
    }
  }, [waiting, status, settle]);
  if (query.isPending) return <PageSpinner label="Loading the order…" />;
  if (query.isError) {
    return (
      <PageLoadFailure
        error={query.error}
        refetch={query.refetch}
        failedTitle="The order could not be loaded"
        missing={{
          title: 'Order not found',
          description: 'It does not exist, or you are not its buyer or seller.',
          to: '/orders',
          action: 'Your orders',
        }}
        missingStatuses={[403, 404]}
      />
    );
  }
  const order = query.data;
  const dispute = order.dispute;
  const reviewLater = reviewAfterProtectionText(order);
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Breadcrumbs aria-label="Breadcrumb">
          <Anchor component={Link} to={`/orders?side=${order.viewerRole === 'seller' ? 'sales' : 'purchases'}`}>
            {order.viewerRole === 'seller' ? 'Sales' : 'Purchases'}
          </Anchor>
          <Text size="sm">Order</Text>
        </Breadcrumbs>
        <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
          {order.viewerRole === 'seller' ? 'Sale' : 'Purchase'}: {order.listingTitle}
        </Title>
        <OrderUpdates order={order} refresh={refresh} paying={payment.waiting} />
        {payment.waiting && order.status === 'pending_payment' && (
          <Alert color="blue" role="status" title="Checking your payment">
            This page updates as soon as the payment provider confirms it. If you canceled the payment, you can pay
            again below while the order waits.
          </Alert>
        )}
        {/* One order on every screen, for the eye and the keyboard alike: where the order stands and what comes next,
            then the credentials and what to do with them, then the rest. Side by side from md, the summary first. */}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <OrderSummary order={order} />
              {/* An unpaid order's buyer reads its deadline beside Pay (the payment window), not twice. */}
              {order.dueAt !== null && order.dueAction && !order.chargeback?.held && !showsPaymentWindow(order) && (
                <Card withBorder component="section" aria-label="What happens next">
                  <OrderCountdown dueAt={order.dueAt} label={dueLabel(order.dueAction, order.viewerRole)} />
                  {reviewLater && (
                    <Text size="sm" c="dimmed" mt="xs">
                      {reviewLater}
                    </Text>
                  )}
                </Card>
              )}
              {dispute && order.status === 'disputed' && (
                <Card withBorder component="section" aria-label="Dispute">
                  <Text fw={600}>Dispute open</Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {dispute.reason}
                  </Text>
                  <Text size="sm" c="dimmed" mt="xs">
                    The protection clock is paused while an admin decides. You both get the decision by email and here.
                  </Text>
                  <OrderCountdown
                    dueAt={dispute.sellerAnswerDueAt}
                    label={
                      order.viewerRole === 'seller'
                        ? 'Answer with your side of it, and any evidence, within'
                        : 'The seller is asked to answer within'
                    }
                    overdue={order.viewerRole === 'seller' ? 'Your answer was due' : "The seller's answer was due"}
                  />
                </Card>
              )}
              {order.conversationId && (
                <Group>
                  <Button
                    component={Link}
                    to={`/chat?c=${encodeURIComponent(order.conversationId)}`}
                    variant="subtle"
                    leftSection={<IconMessageCircle size={18} />}
                  >
                    Open the conversation
                  </Button>
                </Group>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <ChargebackNotice order={order} />
              <DisputeDecision order={order} />
              <CredentialsPanel order={order} />
              <OrderActions order={order} refusedBefore={refusedBefore} />
              {dispute && <DisputeThread order={order} />}
              {order.canReview && <OrderReviewForm order={order} />}
              <OrderHistoryCard history={order.history} viewer={order.viewerRole} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
