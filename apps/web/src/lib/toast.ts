import type { NotificationData } from '@mantine/notifications';

// The notifications package and the toast container load with the first toast, so a page that shows none never
// downloads them; a toast shown before the container arrives waits in the store and appears with it.
let wanted = false;
const listeners = new Set<() => void>();

/** Whether any toast was shown yet (for useSyncExternalStore): the container is mounted from the first one on. */
export const toastsShown = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => wanted,
};

const show = (data: NotificationData) => {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  // The close button is named, as every other close button is (the theme cannot reach the notification's).
  const named = { ...data, closeButtonProps: { 'aria-label': 'Close', ...data.closeButtonProps } };
  void import('@mantine/notifications').then(({ notifications }) => notifications.show(named));
};

// Error messages not shown until the time given: a refusal the app answers by itself, not by a toast.
const quiet = new Map<string, number>();

/** Error toasts with this message are dropped for the next few seconds (the handlers that show them run at once). */
export function quietErrors(message: string, forMs = 5_000) {
  quiet.set(message, Date.now() + forMs);
}

export const toast = {
  success: (message: string, title?: string) => show({ color: 'green', title, message }),
  error: (message: string, title?: string) => {
    if ((quiet.get(message) ?? 0) > Date.now()) return;
    show({ color: 'red', title, message });
  },
  info: (message: string, title?: string) => show({ color: 'blue', title, message }),
};
