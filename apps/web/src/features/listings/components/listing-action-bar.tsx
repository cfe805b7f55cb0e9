import type { ReactNode } from 'react';
import { Box, Group, Paper, Text } from '@mantine/core';

/**
 * On a phone the price card sits below the gallery and the description, so this bar keeps the price and the
 * main actions at the bottom of the screen. `actions` is the one place for them ("Message the seller" today;
 * "Buy now" joins it), laid out side by side and sharing the width.
 */
export function ListingActionBar({ price, note, actions }: { price: string; note?: string; actions: ReactNode }) {
  return (
    <>
      {/* Room at the end of the page so the bar never covers the last lines. */}
      <Box hiddenFrom="md" h={80} aria-hidden />
      <Paper
        hiddenFrom="md"
        component="section"
        aria-label="Price and actions"
        shadow="md"
        radius={0}
        px="md"
        py="sm"
        pos="fixed"
        bottom={0}
        left={0}
        right={0}
        style={{ zIndex: 150, borderTop: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Text fw={800} size="xl" lh={1.1}>
              {price}
            </Text>
            {note && (
              <Text size="xs" c="dimmed" truncate>
                {note}
              </Text>
            )}
          </div>
          <Group gap="xs" wrap="nowrap" style={{ flex: '0 1 auto' }}>
            {actions}
          </Group>
        </Group>
      </Paper>
    </>
  );
}
