import { notifications } from '@mantine/notifications';

export const toast = {
  success: (message: string, title?: string) => notifications.show({ color: 'green', title, message }),
  error: (message: string, title?: string) => notifications.show({ color: 'red', title, message }),
  info: (message: string, title?: string) => notifications.show({ color: 'blue', title, message }),
};
