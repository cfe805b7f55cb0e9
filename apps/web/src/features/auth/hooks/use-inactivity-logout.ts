import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ACTIVITY_DEBOUNCE_MS, INACTIVITY_CHECK_INTERVAL_MS } from '@accountry/shared/constants';
import { ACTIVITY_EVENTS, isIdle, latestActivity } from '@accountry/shared/inactivity';
import { authApi } from '../api/auth-api';
import { readSharedActivity, writeSharedActivity } from '../lib/activity-store';
import { SESSION_QUERY_KEY } from '../../../lib/session';

export const TIMEOUT_SIGN_IN_PATH = '/signin?timeout=true';

/**
 * Spec section 9: activity (mouse, keys, scroll, touch, click, submit) is recorded with a 1 s debounce in
 * localStorage, so every tab sees it; every 60 s the tab checks, and after the session's timeout without activity
 * in any tab it signs out and goes to /signin?timeout=true. Activity also keeps the server session alive.
 */
export function useInactivityLogout(timeoutMs: number | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!timeoutMs) return;
    let lastEvent = Date.now();
    let lastPing = lastEvent;
    let debounce: ReturnType<typeof setTimeout> | undefined;
    let signingOut = false;
    writeSharedActivity(lastEvent);

    const onActivity = () => {
      lastEvent = Date.now();
      clearTimeout(debounce);
      debounce = setTimeout(() => writeSharedActivity(lastEvent), ACTIVITY_DEBOUNCE_MS);
    };

    const check = async () => {
      if (signingOut) return;
      const now = Date.now();
      const last = latestActivity(readSharedActivity(), lastEvent);
      if (isIdle(last, now, timeoutMs)) {
        signingOut = true;
        await authApi.signOut().catch(() => undefined);
        // A full load clears every cached page of the signed-out user.
        window.location.replace(TIMEOUT_SIGN_IN_PATH);
        return;
      }
      // Browser activity the server has not seen (no API call since): tell it, so its own timeout agrees.
      if (last !== null && last > lastPing) {
        lastPing = now;
        void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      }
    };

    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    const opts = { capture: true, passive: true } as const;
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActivity, opts);
    document.addEventListener('visibilitychange', onVisible);
    const interval = setInterval(() => void check(), INACTIVITY_CHECK_INTERVAL_MS);
    return () => {
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity, opts);
      document.removeEventListener('visibilitychange', onVisible);
      clearInterval(interval);
      clearTimeout(debounce);
      // The session ended under this tab (signed-in code unmounts): usually another tab's check came round first and
      // signed every tab out. When no tab saw activity for the whole timeout, say so here too.
      const last = latestActivity(readSharedActivity(), lastEvent);
      if (!signingOut && isIdle(last, Date.now(), timeoutMs)) window.location.replace(TIMEOUT_SIGN_IN_PATH);
    };
  }, [timeoutMs, queryClient]);
}
