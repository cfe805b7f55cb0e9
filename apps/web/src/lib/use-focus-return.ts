import { useRef } from 'react';

/**
 * For a section whose dialogs may take away the button that opened them (turning a setting off, removing a row): call
 * `remember` when a dialog opens and `restore` once it has closed. The focus goes back to the opener while it is on the
 * page, else to `fallback()`, rather than being lost to the page's body.
 */
export function useFocusReturn(fallback: () => HTMLElement | null | undefined) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    remember: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    restore: () => {
      const target = opener.current?.isConnected ? opener.current : fallback();
      target?.focus();
    },
  };
}
