import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '@accountry/shared/constants';

/** Where toasts appear; placed below the header by app.css. */
export default function ToastContainer() {
  return <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} zIndex={1000} />;
}
