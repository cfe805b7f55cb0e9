import { Box, Text } from '@mantine/core';
import type { Payout } from '@accountry/shared/wallet';

/**
 * Where a payout goes: its summary, and for an open one the whole details the admin sends the money to (label, then
 * value, selectable to copy). Payouts from before payout details existed have none.
 */
export function PayoutDestination({ p }: { p: Payout }) {
  if (!p.destination)
    return (
      <Text size="sm" c="dimmed">
        No payout details
      </Text>
    );
  const lines = p.status === 'open' ? p.destinationDetails : undefined;
  return (
    <div>
      <Text size="sm" fw={500}>
        {p.destination}
      </Text>
      {lines && (
        <Box
          component="dl"
          style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 8, margin: '4px 0 0' }}
        >
          {lines.map((line) => (
            <Line key={line.label} label={line.label} value={line.value} />
          ))}
        </Box>
      )}
      {p.status === 'open' && !lines && (
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
