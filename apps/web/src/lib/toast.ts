import type { NotificationData } from '@mantine/notifications';

// The notifications package loads with the first toast (or with the toast container, whichever comes first), so a
// page that shows none never downloads it.
const show = (data: NotificationData) =>
  void import('@mantine/notifications').then(({ notifications }) => notifications.show(data));

export const toast = {
  success: (message: string, title?: string) => show({ color: 'green', title, message }),
  error: (message: string, title?: string) => show({ color: 'red', title, message }),
  info: (message: string, title?: string) => show({ color: 'blue', title, message }),
};
