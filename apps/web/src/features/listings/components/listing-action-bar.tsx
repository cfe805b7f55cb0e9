import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Paper, Text } from '@mantine/core';
import css from './listing-action-bar.module.css';

/**
 * While the bar shows, the page ends with room for it, below the site footer (so the footer's links are never under
 * the bar), and scrolling a focused element into view stops above it. The bar measures itself: it is taller with a
 * note, and hidden (0px) from the md breakpoint.
 */
function useRoomAtTheBottom(bar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = bar.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const { body, documentElement: root } = document;
    const apply = () => {
      const height = el.offsetHeight;
      body.style.paddingBottom = height ? `${height}px` : '';
      root.style.scrollPaddingBottom = height ? `${height}px` : '';
    };
    const observer = new ResizeObserver(apply);
    observer.observe(el);
    apply();
    return () => {
      observer.disconnect();
      body.style.removeProperty('padding-bottom');
      root.style.removeProperty('scroll-padding-bottom');
    };
  }, [bar]);
}

/**
 * On a phone the price card sits below the gallery and the description, so this bar keeps the price and the
 * main actions at the bottom of the screen: the price on its own line, then `actions` ("Buy now" and "Message the
 * seller", or the owner's "Edit listing") side by side, sharing the width; none when a block leaves nothing to do.
 */
export function ListingActionBar({ price, note, actions }: { price: string; note?: string; actions?: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  useRoomAtTheBottom(ref);
  return (
    <Paper
      ref={ref}
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
      <div className={css.layout}>
        <div className={css.price}>
          <Text fw={800} size="xl" lh={1.1}>
            {price}
          </Text>
          {note && (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          )}
        </div>
        {actions && <div className={css.actions}>{actions}</div>}
      </div>
    </Paper>
  );
}
