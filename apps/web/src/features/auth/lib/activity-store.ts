import { LAST_ACTIVITY_KEY, parseActivity } from '@accountry/shared/inactivity';

/** The last activity of any tab of this site, shared through localStorage. */
export function readSharedActivity(): number | null {
  try {
    return parseActivity(localStorage.getItem(LAST_ACTIVITY_KEY));
  } catch {
    return null;
  }
}

/** Never move the shared time backwards: another tab may have seen later activity. */
export function writeSharedActivity(at: number) {
  try {
    const current = readSharedActivity();
    if (current === null || at > current) localStorage.setItem(LAST_ACTIVITY_KEY, String(at));
  } catch {
    // Storage can be unavailable (private mode, quota); this tab still tracks itself.
  }
}
