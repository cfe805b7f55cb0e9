import { UNSUBSCRIBE_MESSAGES as M, type UnsubscribeReply } from '@accountry/shared/email-preferences';
import type { AppDeps } from '../../app';
import { readUnsubscribeToken, type UnsubscribeSubject } from '../../email/unsubscribe-links';
import { appCipher } from '../../lib/app-cipher';
import { notFound } from '../../lib/app-error';
import { setSavedSearchAlerts, savedSearchOf } from '../saved-searches/saved-searches.service';
import { turnEmailOff } from './email-preferences.service';

/** The member a link speaks for, if their account is still there; 404 for anything else, changing nothing. */
async function subjectOf(deps: AppDeps, token: string): Promise<UnsubscribeSubject> {
  const subject = readUnsubscribeToken(appCipher(deps), token);
  if (!subject) throw notFound(M.invalid);
  const user = await deps.db.db
    .selectFrom('users as u')
    .leftJoin('deletedUsers as d', 'd.uid', 'u.id')
    .select(['u.id', 'd.status as deletion'])
    .where('u.id', '=', subject.userId)
    .executeTakeFirst();
  if (!user || user.deletion === 'unresolved') throw notFound(M.invalid);
  return subject;
}

/** What a link stops, in words, without stopping it (the page asks before it does). */
export async function describeUnsubscribe(deps: AppDeps, token: string): Promise<UnsubscribeReply> {
  const subject = await subjectOf(deps, token);
  if (subject.topic !== 'savedSearch') return { topic: subject.topic, mail: M[subject.topic] };
  const search = await savedSearchOf(deps, subject.userId, subject.savedSearchId!);
  if (!search) throw notFound(M.searchGone);
  return { topic: 'savedSearch', mail: M.savedSearch(search.label) };
}

/**
 * Stop the mail a link names (decision 216): a preference set off, or a saved search's alerts. A repeat changes
 * nothing; no sign-in is needed (a mail app posts it, RFC 8058): the link's keyed token is the proof.
 */
export async function unsubscribe(deps: AppDeps, token: string): Promise<UnsubscribeReply> {
  const subject = await subjectOf(deps, token);
  if (subject.topic === 'savedSearch') {
    const search = await setSavedSearchAlerts(deps, subject.userId, subject.savedSearchId!, false);
    if (!search) throw notFound(M.searchGone);
    return { topic: 'savedSearch', mail: M.savedSearch(search.label) };
  }
  await turnEmailOff(deps, subject.userId, subject.topic);
  return { topic: subject.topic, mail: M[subject.topic] };
}
