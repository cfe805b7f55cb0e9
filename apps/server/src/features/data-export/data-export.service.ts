import { Readable } from 'node:stream';
import {
  DATA_EXPORT_MESSAGES as M,
  DATA_EXPORT_WINDOW_HOURS,
  DATA_EXPORTS_PER_WINDOW,
  dataExportFileName,
  type DataExportInput,
} from '@accountry/shared/data-export';
import type { AppDeps } from '../../app';
import type { Database } from '../../db/database';
import { queueMailToUser } from '../../email/mail-to-user';
import { recordAccountEvent } from '../../lib/account-events';
import { madeInWindow, refuseWhenWindowFull } from '../../lib/window-allowance';
import type { AuthUser } from '../../plugins/auth';
import { liveSince, lockLiveSession } from '../../sessions/sessions.service';
import { confirmPassword } from '../auth/confirm-password.service';
import { enabledKey, requireCodeIfOn } from '../auth/two-factor.service';
import { exportDocument } from './export-document';
import { exportRun } from './export-run';
import { dataExportedMail } from './export-mails';
import { HOUR_MS } from '@accountry/shared/durations';

const WINDOW_MS = DATA_EXPORT_WINDOW_HOURS * HOUR_MS;

/** The downloads are counted by their own events in the security activity: one record, one limit. */
async function refuseOverLimit(db: Database, userId: string, now: number) {
  const made = await madeInWindow(
    db
      .selectFrom('accountEvents')
      .where('userId', '=', userId)
      .where('kind', '=', 'data_exported')
      .where('createdAt', '>', now - WINDOW_MS),
  );
  refuseWhenWindowFull(made, { max: DATA_EXPORTS_PER_WINDOW, windowMs: WINDOW_MS }, now, M.tooMany);
}

export interface ExportOrigin {
  ip: string;
  userAgent: string;
}

/**
 * A member downloads the data kept about them (decision 179), confirmed with the password and, with two-factor sign-in
 * on, a code. The download is recorded in the security activity and mailed to the address, in one transaction under
 * the account's lock with the asking session still live, before a byte of it is written.
 */
export async function startDataExport(
  deps: AppDeps,
  user: AuthUser,
  sessionId: string | null,
  input: DataExportInput,
  origin: ExportOrigin,
) {
  const db = deps.db.db;
  await confirmPassword(deps, user, input.password, origin.ip, 'password');
  // Before the code too, so a refusal does not spend a recovery code.
  await refuseOverLimit(db, user.id, deps.clock.now());
  await requireCodeIfOn(deps, user, input.code, origin.ip);
  const now = deps.clock.now();
  await db.transaction().execute(async (trx) => {
    await lockLiveSession(trx, user.id, sessionId);
    await refuseOverLimit(trx, user.id, now);
    await recordAccountEvent(trx, user.id, 'data_exported', now, origin);
    const twoFactorOn = !!(await enabledKey(trx, user.id));
    const mail = (to: { email: string }) =>
      dataExportedMail(deps.config.publicUrl, to.email, now, { ...origin, twoFactorOn });
    await queueMailToUser(trx, user.id, mail, now);
  });
  const run = exportRun(db, {
    userId: user.id,
    sessionId,
    now,
    publicUrl: deps.config.publicUrl,
    liveSince: liveSince(deps.sessionSettings, now),
  });
  return { fileName: dataExportFileName(now), body: Readable.from(exportDocument(db, run)) };
}
