import { useRef, useState } from 'react';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PayoutMethodReply } from '@accountry/shared/payout-methods';
import { formatOrderTime } from '../../../components/orders/order-format';
import { useFocusReturn } from '../../../lib/use-focus-return';
import { PayoutDetailsDialog } from './payout-details-dialog';
import { LoadError } from './load-error';

/** The wallet's payout details: where payouts go, in summary, and the dialog to add or change them. */
export function PayoutDetailsCard({ query }: { query: UseQueryResult<PayoutMethodReply> }) {
  const [opened, setOpened] = useState(false);
  // Each opening is a fresh form, on the method stored then.
  const [opening, setOpening] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  // The button's name changes once details are saved: the focus still goes back to it.
  const focus = useFocusReturn(() => root.current?.querySelector('button'));
  const open = () => {
    focus.remember();
    setOpening((n) => n + 1);
    setOpened(true);
  };

  if (query.isPending) return <Loader size="sm" aria-label="Loading your payout details" />;
  if (query.isError)
    return (
      <LoadError
        title="Your payout details could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  const { method } = query.data;
  return (
    <Stack gap="sm" ref={root}>
      {method ? (
        <div>
          <Text fw={600}>{method.summary}</Text>
          <Text size="sm" c="dimmed">
            Last changed {formatOrderTime(method.changedAt)}
          </Text>
        </div>
      ) : (
        <Text size="sm">
          Tell us where to send the money you withdraw: a PayPal account, a bank account in the US or a bank account
          with an IBAN. They are stored sealed; here you see only a summary.
        </Text>
      )}
      <Group>
        <Button
          variant={method ? 'default' : 'filled'}
          onClick={open}
          aria-label={method ? 'Change payout details' : undefined}
        >
          {method ? 'Change' : 'Add payout details'}
        </Button>
      </Group>
      <PayoutDetailsDialog
        key={opening}
        opened={opened}
        method={method}
        onClose={() => setOpened(false)}
        onClosed={focus.restore}
      />
    </Stack>
  );
}
