import { lazy, Suspense } from 'react';
import type { TooltipProps } from '@mantine/core';

// Tooltips need floating positioning (~15 kB gzip); the control they describe renders at once and gains the tooltip
// when the code arrives.
const MantineTooltip = lazy(() => import('./tooltip-impl'));

/** Mantine's Tooltip, loaded on demand. */
export function Tooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <MantineTooltip {...props} />
    </Suspense>
  );
}
