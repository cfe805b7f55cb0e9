import { ACCOUNT_MESSAGES } from '@accountry/shared/auth-messages';
import { SOCKET_CLOSE_REASONS } from '@accountry/shared/socket-protocol';
import type { AppDeps } from '../../app';
import { recordAccountEvent, type EventOrigin } from '../../lib/account-events';
import { notFound } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { deleteUserSession, findUserSession } from '../../sessions/sessions.repository';
import { lockLiveSession } from '../../sessions/sessions.service';
import { authErrors } from './auth-errors';

/**
 * Sign out one of the member's other devices by the public id the session list shows (decision 199). Another
 * member's, an unknown or an ended one is 404; the asking device is refused (it signs out with Sign out). Under the
 * account's lock the asking session must still exist, so two devices ending each other at once cannot both win; the
 * row goes only if it is still the member's. Its sockets close and every process forgets it (`hub.endSessions`).
 */
export async function endOtherSession(
  deps: Pick<AppDeps, 'db' | 'hub' | 'clock'>,
  user: AuthUser,
  currentSessionId: string | null,
  publicId: string,
  origin: EventOrigin,
) {
  const target = await findUserSession(deps.db.db, user.id, publicId);
  if (!target) throw notFound(ACCOUNT_MESSAGES.deviceNotFound);
  if (target.id === currentSessionId) throw authErrors.currentSession();
  await deps.db.db.transaction().execute(async (trx) => {
    await lockLiveSession(trx, user.id, currentSessionId);
    if (!(await deleteUserSession(trx, user.id, target.id))) throw notFound(ACCOUNT_MESSAGES.deviceNotFound);
    await recordAccountEvent(trx, user.id, 'signed_out_device', deps.clock.now(), origin);
  });
  await deps.hub.endSessions({ sessionIds: [target.id], reason: SOCKET_CLOSE_REASONS.signedOut });
}
