import { useRef, useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import {
  PAYOUT_DETAILS_HOLD_HOURS,
  PAYOUT_METHOD_MESSAGES,
  type PayoutMethodReply,
} from '@accountry/shared/payout-methods';
import { ConfirmIdentityDialog } from '../../../components/confirm-identity/confirm-identity-dialog';
import { toast } from '../../../lib/toast';
import { orderKeys, ordersApi } from '../api/orders-api';
import { PayoutDetailsDialog } from './payout-details-dialog';
import { LoadError } from '../../../components/ui/load-error';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { formatDateTime } from '../../../lib/format-time';

/** The wallet's payout details: where payouts go, in summary, and the dialogs to add, change or remove them. */
export function PayoutDetailsCard({ query }: { query: UseQueryResult<PayoutMethodReply> }) {
  const client = useQueryClient();
  const [opened, setOpened] = useState(false);
  // The summary is kept for the dialog's closing: the removal empties the stored details first.
  const [removal, setRemoval] = useState({ opened: false, summary: '' });
  // Each opening is a fresh form, on the method stored then.
  const [opening, setOpening] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  // The button's name changes once details are saved: the focus still goes back to it, or to the first once removed.
  const returnFocusTo = () => root.current?.querySelector('button');
  const open = () => {
    setOpening((n) => n + 1);
    setOpened(true);
  };

  if (query.isPending) return <LoadingStatus size="sm" label="Loading your payout details" />;
  if (query.isError)
    return <LoadError title="Your payout details could not be loaded" error={query.error} refetch={query.refetch} />;
  const { method } = query.data;
  return (
    <Stack gap="sm" ref={root}>
      {method ? (
        <div>
          <Text fw={600}>{method.summary}</Text>
          <Text size="sm" c="dimmed">
            Last changed {formatDateTime(method.changedAt)}
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
        {method && (
          <Button
            variant="subtle"
            color="red"
            onClick={() => setRemoval({ opened: true, summary: method.summary })}
            aria-label="Remove payout details"
          >
            Remove
          </Button>
        )}
      </Group>
      <ConfirmIdentityDialog
        opened={removal.opened}
        title="Remove your payout details?"
        confirmLabel="Remove payout details"
        send={ordersApi.removePayoutMethod}
        onDone={async (reply) => {
          toast.success(PAYOUT_METHOD_MESSAGES.removed);
          client.setQueryData(orderKeys.payoutMethod, reply);
          await client.invalidateQueries({ queryKey: orderKeys.all });
        }}
        onClose={() => setRemoval((r) => ({ ...r, opened: false }))}
        returnFocusTo={returnFocusTo}
      >
        <Text size="sm">
          Payouts will have nowhere to go until you add payout details again, and new details wait{' '}
          {PAYOUT_DETAILS_HOLD_HOURS} hours. If you already requested a payout, it still goes to {removal.summary}.
        </Text>
      </ConfirmIdentityDialog>
      <PayoutDetailsDialog
        key={opening}
        opened={opened}
        method={method}
        onClose={() => setOpened(false)}
        returnFocusTo={returnFocusTo}
      />
    </Stack>
  );
}
