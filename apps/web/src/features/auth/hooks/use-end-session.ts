import type { RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '@accountry/shared/auth';
import { browserOnDevice } from '@accountry/shared/traffic-detect';
import { ApiRequestError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format-time';
import { toast } from '../../../lib/toast';
import type { ConfirmOptions } from '../../../components/ui/confirm-dialog';
import { refreshAccountSecurity } from '../../../components/confirm-identity/account-security-refresh';
import { authApi } from '../api/auth-api';

export const SESSIONS_KEY = ['auth-sessions'] as const;
/** Marks each row's "Sign out" (with its session's id): the focus goes to the one that takes an ended row's place. */
const END_SESSION_ATTR = 'data-end-session';

/** "Firefox on a mobile, signed in 5 Dec 2026, 14:03": a device told apart from others of the same browser. */
const deviceLabel = (s: SessionInfo) => `${browserOnDevice(s.userAgent)}, signed in ${formatDateTime(s.createdAt)}`;
/** A row's button, named for its device ("Sign out Firefox on a mobile, signed in …"). */
export const signOutLabel = (s: SessionInfo) => `Sign out ${deviceLabel(s).replace(/^An /, 'an ')}`;

/** The card's heading (the section's h2), made focusable: where the focus goes once no other device is left. */
function cardHeading(root: HTMLElement | null) {
  const heading = root?.closest('section')?.querySelector<HTMLElement>('h2');
  if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading;
}

/**
 * Sign one other device out, after the page's confirmation (decision 199). The row goes once the server has ended it
 * (also when it had ended already: the server answers 404 and the list catches up); the focus then goes to the next
 * row's button, the last one's when it was the last, or the card's heading when none is left.
 */
export function useEndSession(root: RefObject<HTMLElement | null>, ask: (options: ConfirmOptions) => void) {
  const queryClient = useQueryClient();
  const buttons = () => Array.from(root.current?.querySelectorAll<HTMLElement>(`[${END_SESSION_ATTR}]`) ?? []);
  const forget = (id: string) =>
    queryClient.setQueryData<{ sessions: SessionInfo[] }>(SESSIONS_KEY, (old) =>
      old ? { sessions: old.sessions.filter((s) => s.id !== id) } : old,
    );

  return (session: SessionInfo) => {
    const name = browserOnDevice(session.userAgent);
    // Its place among the buttons, taken now: once the row is gone the same place holds the next row's button.
    const place = buttons().findIndex((b) => b.getAttribute(END_SESSION_ATTR) === session.id);
    ask({
      title: 'Sign out this device?',
      message: `${deviceLabel(session)}: whoever uses it will have to sign in again. You stay signed in here.`,
      confirmLabel: 'Sign out',
      danger: true,
      onConfirm: async () => {
        try {
          await authApi.endSession(session.id);
          toast.success(`${name} was signed out.`);
        } catch (err) {
          if (!(err instanceof ApiRequestError && err.status === 404)) throw err;
          toast.info(err.message);
        }
        forget(session.id);
        void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
        void refreshAccountSecurity(queryClient);
      },
      returnFocusTo: () => {
        const left = buttons();
        return left[Math.min(place, left.length - 1)] ?? cardHeading(root.current);
      },
    });
  };
}
