import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageMeta } from '@accountry/shared/page-meta';

/**
 * The route's own `<title>` and description. Rendered before the page so its effect runs first and a page with a
 * data-driven title (usePageTitle) has the last word.
 */
export function RouteTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    const meta = pageMeta(pathname);
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [pathname]);
  return null;
}
