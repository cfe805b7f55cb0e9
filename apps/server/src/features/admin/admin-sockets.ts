import type { AppDeps } from '../../app';

/** Bus event asking every server process to close one user's sockets. */
const END_SOCKETS = 'admin.end-user-sockets';

/**
 * A user's sockets may be open on any server process: each process listens for this event on the bus and closes
 * the sockets it holds. The event's audience is empty, so it never reaches a browser.
 */
export function listenForSocketEnds(deps: AppDeps) {
  const unsubscribe = deps.bus.subscribe((event) => {
    if (event.type !== END_SOCKETS) return;
    const userId = (event.data as { userId?: unknown } | null)?.userId;
    if (typeof userId === 'string') deps.hub.disconnectUser(userId);
  });
  deps.onClose.push(async () => unsubscribe());
}

/** Close the user's sockets here at once, and on every other process through the bus. */
export async function endUserSockets(deps: AppDeps, userId: string) {
  deps.hub.disconnectUser(userId);
  await deps.bus.publish({ audience: {}, type: END_SOCKETS, data: { userId } });
}
