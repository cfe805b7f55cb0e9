import { useRef } from 'react';

type Target = HTMLElement | null | undefined;

/** What opened a dialog: the focused control, or for an item of a menu (gone once the menu closes), the menu's button. */
export function openerOf(el: Element | null): HTMLElement | null {
  const menu = el?.closest('[role="menu"][aria-labelledby]');
  const button = menu && document.getElementById(menu.getAttribute('aria-labelledby')!);
  const opener = button ?? el;
  return opener instanceof HTMLElement && opener !== document.body ? opener : null;
}

/** `el` while it can take the focus back: still on the page and not disabled. */
export function stillThere(el: Target): HTMLElement | null {
  return el?.isConnected && !el.matches(':disabled') ? el : null;
}

/** The focus went nowhere (to the page's body): a closed dialog's opener or an action's button went away. */
export const focusLost = () => !document.activeElement || document.activeElement === document.body;

/** A list's row marked `data-row-key`, made focusable: where the focus goes when an action took the row's buttons. */
export function rowByKey(key: string): HTMLElement | null {
  const row = document.querySelector<HTMLElement>(`[data-row-key="${CSS.escape(key)}"]`);
  if (row && !row.hasAttribute('tabindex')) row.tabIndex = -1;
  return row;
}

/** The page's h1, made focusable: where the focus goes when what had it went away and nothing closer stands in. */
export function pageHeading(): HTMLElement | null {
  const h1 = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  if (h1 && !h1.hasAttribute('tabindex')) h1.tabIndex = -1;
  return h1;
}

/**
 * For a section whose dialogs may take away the button that opened them (turning a setting off, removing a row): call
 * `remember` when a dialog opens and `restore` once it has closed. The focus goes back to the opener (for a menu item,
 * its menu's button) while it is on the page and enabled, else to `fallback()`, rather than being lost to the body.
 */
export function useFocusReturn(fallback: () => Target) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    remember: () => {
      opener.current = openerOf(document.activeElement);
    },
    restore: () => {
      const target = stillThere(opener.current) ?? fallback();
      target?.focus();
    },
  };
}
