/** Per-feature header widgets for signed-in users (chat unread badge, etc.). */
export function HeaderExtras() {
  return null;
}
