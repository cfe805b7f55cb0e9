import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

interface Props {
  /** Read when the member leaves, so a save that navigates away can switch it off just before. */
  shouldBlock: () => boolean;
  title: string;
  message: string;
}

/**
 * Asks before leaving a page with work that is not saved: a link or Back inside the app opens a dialog, closing or
 * reloading the tab the browser's own question.
 */
export function LeaveGuard({ shouldBlock, title, message }: Props) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && shouldBlock(),
  );
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (shouldBlock()) e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [shouldBlock]);
  return (
    <ConfirmDialog
      options={
        blocker.state === 'blocked'
          ? {
              title,
              message,
              confirmLabel: 'Leave without saving',
              danger: true,
              onConfirm: async () => blocker.proceed(),
            }
          : null
      }
      onClose={() => blocker.state === 'blocked' && blocker.reset()}
    />
  );
}
