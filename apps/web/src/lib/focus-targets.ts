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

/** The focus is lost or about to be: a control just disabled keeps it until the browser next draws, then drops it. */
export const focusLeaving = () => focusLost() || !!document.activeElement?.matches(':disabled');

// The element that last took the focus, kept after it is removed.
let lastFocused: Element | null = null;
document.addEventListener('focusin', (e) => (lastFocused = e.target as Element), true);

/**
 * What has the focus, or had it last when the focus is lost: a menu without motion (reduced motion) is gone in the
 * render that opens the dialog its item asked for, taking the focus with it.
 */
export const focusedNowOrLast = () => (focusLost() ? lastFocused : document.activeElement);

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
