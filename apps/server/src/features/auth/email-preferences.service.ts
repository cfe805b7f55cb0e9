import { EMAIL_PREFERENCE_MESSAGES as M, type EmailPreferences } from '@accountry/shared/email-preferences';
import type { AppDeps } from '../../app';
import { forbidden } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';

type Stored = Required<EmailPreferences>;

/** Every optional mail is on until the user turns it off. */
const DEFAULTS: Stored = { unreadMessages: true, adminWaiting: true, priceDrops: true };

/** What the user may choose: the admin task mail is an admin's only (decision 189). */
const choicesOf = (user: AuthUser, prefs: Stored): EmailPreferences =>
  user.role === 'admin' ? prefs : { unreadMessages: prefs.unreadMessages, priceDrops: prefs.priceDrops };

export async function getEmailPreferences(deps: AppDeps, user: AuthUser): Promise<EmailPreferences> {
  const row = await deps.db.db
    .selectFrom('emailPreferences')
    .select(['unreadMessages', 'adminWaiting', 'priceDrops'])
    .where('userId', '=', user.id)
    .executeTakeFirst();
  return choicesOf(user, row ?? DEFAULTS);
}

/**
 * The set, written in one statement (a repeat changes nothing). A member who sets the admin task mail is refused
 * and nothing is saved; an admin who leaves it out keeps it as it was, as anyone who leaves out price drops does.
 */
export async function setEmailPreferences(
  deps: AppDeps,
  user: AuthUser,
  prefs: EmailPreferences,
): Promise<EmailPreferences> {
  if (prefs.adminWaiting !== undefined && user.role !== 'admin') throw forbidden(M.adminOnly);
  const set = {
    unreadMessages: prefs.unreadMessages,
    ...(prefs.adminWaiting === undefined ? {} : { adminWaiting: prefs.adminWaiting }),
    ...(prefs.priceDrops === undefined ? {} : { priceDrops: prefs.priceDrops }),
    updatedAt: deps.clock.now(),
  };
  const row = await deps.db.db
    .insertInto('emailPreferences')
    .values({ userId: user.id, ...set })
    .onConflict((oc) => oc.column('userId').doUpdateSet(set))
    .returning(['unreadMessages', 'adminWaiting', 'priceDrops'])
    .executeTakeFirstOrThrow();
  return choicesOf(user, row);
}

/** Turn one optional mail off for a member, keeping their other choices (decision 216); a repeat changes nothing. */
export async function turnEmailOff(deps: AppDeps, userId: string, mail: keyof Stored) {
  const off = { [mail]: false, updatedAt: deps.clock.now() };
  await deps.db.db
    .insertInto('emailPreferences')
    .values({ userId, ...DEFAULTS, ...off })
    .onConflict((oc) => oc.column('userId').doUpdateSet(off))
    .execute();
}
