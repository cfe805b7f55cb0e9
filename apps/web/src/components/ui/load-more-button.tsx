import type { RefObject } from 'react';
import { Button, Center, type CenterProps } from '@mantine/core';

interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** The first of the items a page added: its first link or button in the tab order, or the item itself. */
function focusItem(item: HTMLElement) {
  // A card's picture repeats its title's link out of the tab order (tabindex -1, aria-hidden): not a place to land.
  const target = item.querySelector<HTMLElement>('a[href]:not([tabindex="-1"]), button:not([disabled])') ?? item;
  if (target === item && item.tabIndex < 0) item.setAttribute('tabindex', '-1');
  target.focus();
}

/**
 * Focuses the first new item once `find` finds it: a page's rows reach the DOM with React's next render, which a busy
 * tab may run after the next frame (and a windowed list draws a row only once scrolled to).
 */
export function focusNewItem(find: () => Element | null | undefined, framesLeft = 60) {
  const item = find();
  if (item instanceof HTMLElement) return focusItem(item);
  if (framesLeft > 0) requestAnimationFrame(() => focusNewItem(find, framesLeft - 1));
}

/**
 * "Load more" under a list read a page at a time; nothing once the last page is in. With `list` (the element whose
 * children are the items), the focus then goes to the first new item: the button may be gone, and a keyboard or
 * screen-reader user reads on from there.
 */
export function LoadMoreButton({
  query,
  label = 'Load more',
  list,
  ...center
}: { query: Pages; label?: string; list?: RefObject<HTMLElement | null> } & CenterProps) {
  if (!query.hasNextPage) return null;
  const load = async () => {
    const before = list?.current?.children.length ?? 0;
    await query.fetchNextPage();
    // Not while the list says it is busy: its children then end in placeholders, replaced once the page is drawn.
    const added = () => (list?.current?.getAttribute('aria-busy') === 'true' ? null : list?.current?.children[before]);
    if (list) requestAnimationFrame(() => focusNewItem(added));
  };
  return (
    <Center {...center}>
      <Button variant="default" loading={query.isFetchingNextPage} onClick={() => void load()}>
        {label}
      </Button>
    </Center>
  );
}
