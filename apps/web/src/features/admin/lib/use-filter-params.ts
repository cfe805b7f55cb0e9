import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useLeavingPage } from '../../../lib/navigation';

/** List filters kept in the URL, so they survive reloads and dashboard links can preset them. */
export function useFilterParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const leavingPage = useLeavingPage();
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  const set = useCallback(
    (key: K, value: string | null) => {
      // A search reported (debounced) just after a row's link was followed would cancel that page's loading.
      if (leavingPage()) return;
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        // A filter changes the list below it, not the page: the scroll position stays (ScrollRestoration in layout).
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams, leavingPage],
  );
  return { values, set };
}

/** Drop empty values so query keys and URLs stay canonical. */
export function compact(values: Record<string, string>) {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')) as Record<string, string>;
}
