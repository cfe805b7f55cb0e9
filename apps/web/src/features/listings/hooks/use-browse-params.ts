import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { EMPTY, readParams, writeParams, type BrowseParams } from '../lib/browse-params';

export {
  activeFilterCount,
  apiQuery,
  filterErrors,
  filtersAlert,
  readParams,
  savedSearchQuery,
  type BrowseParams,
} from '../lib/browse-params';

// Keys `readParams` may drop as not fitting the category (or not valid): the address loses them too.
const CHECKED = ['platform', 'minFollowers', 'minItems', 'minAge', 'verified', 'originalEmail', 'twoFactorRemovable'];

/**
 * The browse state in the URL. `resultsStatus` is where the focus goes when the control that removed a filter goes
 * away (a pill's ×, "Clear all", "Clear filters", "Clear search and filters") and no next pill stands in.
 */
export function useBrowseParams(resultsStatus?: () => HTMLElement | null) {
  const [sp, setSp] = useSearchParams();
  const params = useMemo(() => readParams(sp), [sp]);
  // Navigations render in a transition: a second change made before the URL catches up must build on the first.
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [sp]);
  // A shared link's filter that the category has no field for (a game's followers) is dropped from the address too.
  useEffect(() => {
    const stale = CHECKED.filter((k) => sp.has(k) && !params[k as keyof BrowseParams]);
    if (!stale.length) return;
    const out = new URLSearchParams(sp);
    for (const k of stale) out.delete(k);
    setSp(out, { replace: true });
  }, [sp, params, setSp]);
  const update = useCallback(
    (patch: Partial<BrowseParams>) => {
      // Read back through the same rule: a new category drops the platform and filters it has no field for.
      const next = writeParams(readParams(writeParams({ ...readParams(pending.current ?? sp), ...patch })));
      pending.current = next;
      setSp(next);
    },
    [sp, setSp],
  );
  /** Removes filters with a control that goes or is disabled by it: the focus moves to `next`, else the results' status. */
  const remove = useCallback(
    (patch: Partial<BrowseParams>, next?: HTMLElement | null) => {
      const from = document.activeElement;
      // In the phone's drawer the focus stays in it: its first field.
      const drawer = from?.closest('[role="dialog"]');
      const target = next ?? drawer?.querySelector<HTMLElement>('input:not([disabled])') ?? resultsStatus?.();
      if (target && !target.hasAttribute('tabindex') && !target.matches('input, button, a[href]')) target.tabIndex = -1;
      target?.focus();
      update(patch);
    },
    [update, resultsStatus],
  );
  /** Drop the filters, keeping the search words and the sort. */
  const clear = useCallback(() => remove({ ...EMPTY, q: params.q }), [remove, params.q]);
  /** Drop the filters and the search words. */
  const reset = useCallback(() => remove(EMPTY), [remove]);
  return { params, update, remove, clear, reset };
}
