import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

interface Props {
  /** Read when the member leaves (the latest one given), so a save that navigates away can switch it off just before. */
  shouldBlock: () => boolean;
  title: string;
  message: string;
}

/**
 * Asks before leaving a page with work that is not saved: a link or Back inside the app opens a dialog, closing or
 * reloading the tab the browser's own question.
 */
export function LeaveGuard({ shouldBlock, title, message }: Props) {
  // The caller's latest answer, read by listeners registered once.
  const latest = useRef(shouldBlock);
  latest.current = shouldBlock;
  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && latest.current(),
      [],
    ),
  );
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (latest.current()) e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
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
