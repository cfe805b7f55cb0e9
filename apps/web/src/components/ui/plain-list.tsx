import type { ReactNode, Ref } from 'react';
import { Stack, type MantineSpacing, type StackProps } from '@mantine/core';

interface PlainListProps extends Omit<StackProps, 'component'> {
  /** Numbered in meaning (an `ol`): a history, a thread. */
  ordered?: boolean;
  'aria-label': string;
  id?: string;
  tabIndex?: number;
  'aria-busy'?: boolean;
  gap?: MantineSpacing;
  /** A Stack drawn as a list: typed as the div it would be. */
  ref?: Ref<HTMLDivElement>;
  children: ReactNode;
}

/**
 * A list without bullets or indent, its items stacked. role="list": Safari drops a list's role once its markers are
 * hidden, and a screen reader then no longer says how many items there are.
 */
export function PlainList({ ordered = false, gap = 'xs', style, ...props }: PlainListProps) {
  return (
    <Stack
      component={ordered ? 'ol' : 'ul'}
      role="list"
      gap={gap}
      p={0}
      m={0}
      style={[{ listStyle: 'none' }, style]}
      {...props}
    />
  );
}
