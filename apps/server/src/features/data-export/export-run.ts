import { setImmediate } from 'node:timers/promises';
import type { Database } from '../../db/database';
import type { LiveSince } from '../../sessions/sessions.repository';

/** An export longer than this ends short: a download held open must not read on for ever. */
export const EXPORT_MAX_MS = 10 * 60 * 1000;
/** A download that takes nothing for this long is closed: it holds a connection and a page of rows. */
export const EXPORT_IDLE_MS = 60 * 1000;

/** Who asked for the file and when: every row in it is as of `now`. */
export interface ExportRun {
  userId: string;
  sessionId: string | null;
  now: number;
  publicUrl: string;
  /** Sessions idle since before these ended for inactivity: the file lists only the devices still signed in. */
  liveSince: LiveSince;
  /**
   * Between pages and items: other requests get their turn, and the file ends short once the asking session is gone
   * (signed out everywhere, the password changed or reset, the address change undone) or the time is up.
   */
  between(): Promise<void>;
}

export class ExportStopped extends Error {}

export function exportRun(db: Database, who: Omit<ExportRun, 'between'>): ExportRun {
  const deadline = Date.now() + EXPORT_MAX_MS;
  return {
    ...who,
    async between() {
      await setImmediate();
      if (Date.now() > deadline) throw new ExportStopped('the data export ran out of time');
      const live = await db
        .selectFrom('sessions')
        .select('id')
        .where('id', '=', who.sessionId ?? '')
        .where('userId', '=', who.userId)
        .executeTakeFirst();
      if (!live) throw new ExportStopped('the session that asked for the data export ended');
    },
  };
}
