import { ACCOUNT_ACTIVITY_PAGE, type AccountActivity } from '@accountry/shared/account-activity';
import type { AppDeps } from '../../app';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import { accountEventsKeptSince } from '../../lib/account-events';

/** A member's security activity (decision 178), newest first, a page at a time: their own, or support's look at it. */
export async function accountActivity(
  deps: AppDeps,
  userId: string,
  cursor: string | undefined,
): Promise<AccountActivity> {
  const after = decodeCursor(cursor);
  let q = deps.db.db
    .selectFrom('accountEvents')
    .select(['id', 'kind', 'createdAt', 'ip', 'device'])
    .where('userId', '=', userId)
    // Kept a year: what the hourly purge has not reached yet is not shown either.
    .where('createdAt', '>=', accountEventsKeptSince(deps.clock.now()));
  if (after) {
    const [at, id] = after;
    q = q.where((eb) => eb.or([eb('createdAt', '<', at), eb.and([eb('createdAt', '=', at), eb('id', '<', id)])]));
  }
  const rows = await q
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(ACCOUNT_ACTIVITY_PAGE + 1)
    .execute();
  const page = rows.slice(0, ACCOUNT_ACTIVITY_PAGE);
  const last = page.at(-1);
  return {
    items: page.map(({ createdAt, ...r }) => ({ ...r, at: createdAt })),
    nextCursor: rows.length > ACCOUNT_ACTIVITY_PAGE && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}
