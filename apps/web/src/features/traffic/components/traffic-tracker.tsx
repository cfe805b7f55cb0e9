import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { currentPath, installUnloadTracking, trackPageView } from '../lib/tracker';

// The last path recorded in this document, so React's development double effects and a redirect
// that already landed do not count one view twice.
let lastTracked: string | null = null;

/** Records a page view on every navigation to a new path (query-only changes such as filters are not views). */
export function TrafficTracker() {
  const { pathname } = useLocation();
  useEffect(() => installUnloadTracking(), []);
  useEffect(() => {
    // The address bar's path: percent-encoded, as the server expects.
    const path = currentPath();
    if (path === lastTracked) return;
    lastTracked = path;
    void trackPageView(path);
  }, [pathname]);
  return null;
}
