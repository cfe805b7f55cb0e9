import { useState } from 'react';
import { Box, Button, Group, Loader, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { PayoutDetailLine } from '@accountry/shared/payout-methods';
import type { Payout } from '@accountry/shared/wallet';
import { adminOrdersApi } from '../api/admin-orders-api';

/**
 * Where a payout goes: its summary, and for an open one the whole details, asked for when the admin is about to send
 * the money (each showing is audited, decision 174) and kept only while this row is on the screen.
 */
export function PayoutDestination({ p }: { p: Payout }) {
  const [lines, setLines] = useState<PayoutDetailLine[] | null>(null);
  const show = useMutation({
    mutationFn: () => adminOrdersApi.payoutDestination(p.id),
    onSuccess: (reply) => setLines(reply.lines),
  });
  if (!p.destination)
    return (
      <Text size="sm" c="dimmed">
        No payout details
      </Text>
    );
  const label = lines ? 'Hide details' : 'Show details';
  return (
    <div>
      <Text size="sm" fw={500}>
        {p.destination}
      </Text>
      {p.detailsKept && (
        <Group gap="xs" mt={4} wrap="nowrap">
          {/* Not disabled while it asks, so the keyboard focus stays on it; the label starts with the visible words. */}
          <Button
            size="xs"
            variant="subtle"
            px={6}
            onClick={() => (lines ? setLines(null) : !show.isPending && show.mutate())}
            aria-expanded={lines !== null}
            aria-busy={show.isPending || undefined}
            aria-label={`${label} of the payout to ${p.userName}`}
          >
            {label}
          </Button>
          {show.isPending && <Loader size="xs" aria-hidden />}
        </Group>
      )}
      {lines && (
        <Box
          component="dl"
          aria-label={`Payout details of ${p.userName}`}
          style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 8, margin: '4px 0 0' }}
        >
          {lines.map((line) => (
            <Line key={line.label} label={line.label} value={line.value} />
          ))}
        </Box>
      )}
      {show.isError && (
        <Text size="xs" c="red" role="alert">
          {show.error.message}
        </Text>
      )}
      {p.status === 'open' && !p.detailsKept && (
        <Text size="xs" c="dimmed">
          The full details were erased with the account.
        </Text>
      )}
    </div>
  );
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" ff="monospace" m={0} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </>
  );
}
