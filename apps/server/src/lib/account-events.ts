import { ACCOUNT_EVENTS_KEPT_DAYS, type AccountEventKind } from '@accountry/shared/account-activity';
import { browserOnDevice } from '@accountry/shared/traffic-detect';
import type { Database } from '../db/database';
import { newId } from './ids';
import { DAY_MS } from '@accountry/shared/durations';

const KEPT_MS = ACCOUNT_EVENTS_KEPT_DAYS * DAY_MS;

/** Where a request came from, as far as the member's activity shows it. */
export interface EventOrigin {
  ip?: string;
  userAgent?: string;
}

/** "Chrome on a desktop", from a user agent; null when there is none to read. */
export function deviceOf(userAgent: string | undefined) {
  return userAgent ? browserOnDevice(userAgent) : null;
}

/** Record one event of the member's security activity (decision 178), in the transaction of the change it describes. */
export async function recordAccountEvent(
  db: Database,
  userId: string,
  kind: AccountEventKind,
  now: number,
  origin: EventOrigin = {},
) {
  await db
    .insertInto('accountEvents')
    .values({ id: newId(), userId, kind, createdAt: now, ip: origin.ip ?? null, device: deviceOf(origin.userAgent) })
    .execute();
}

/** The oldest time an event is still kept (and shown) at `now`. */
export const accountEventsKeptSince = (now: number) => now - KEPT_MS;

/** Events past a year go, addresses and browsers with them; run hourly with the erasure of deleted accounts. */
export async function purgeOldAccountEvents(db: Database, now: number) {
  await db.deleteFrom('accountEvents').where('createdAt', '<', accountEventsKeptSince(now)).execute();
}
