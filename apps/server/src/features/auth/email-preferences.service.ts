import type { EmailPreferences } from '@accountry/shared/email-preferences';
import type { AppDeps } from '../../app';
import type { AuthUser } from '../../plugins/auth';

/** Every optional mail is on until the user turns it off. */
const DEFAULTS: EmailPreferences = { unreadMessages: true };

export async function getEmailPreferences(deps: AppDeps, user: AuthUser): Promise<EmailPreferences> {
  const row = await deps.db.db
    .selectFrom('emailPreferences')
    .select('unreadMessages')
    .where('userId', '=', user.id)
    .executeTakeFirst();
  return row ? { unreadMessages: row.unreadMessages } : DEFAULTS;
}

/** The whole set, written in one statement (a repeat changes nothing). */
export async function setEmailPreferences(
  deps: AppDeps,
  user: AuthUser,
  prefs: EmailPreferences,
): Promise<EmailPreferences> {
  const now = deps.clock.now();
  await deps.db.db
    .insertInto('emailPreferences')
    .values({ userId: user.id, unreadMessages: prefs.unreadMessages, updatedAt: now })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ unreadMessages: prefs.unreadMessages, updatedAt: now }))
    .execute();
  return { unreadMessages: prefs.unreadMessages };
}
