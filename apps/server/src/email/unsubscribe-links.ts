import { timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../app';
import { appCipher } from '../lib/app-cipher';
import type { CredentialsCipher } from '../lib/credentials-cipher';

/** The mail a member may stop from the mail itself (decision 216); mail about their orders and account always goes. */
export const UNSUBSCRIBE_TOPICS = ['unreadMessages', 'priceDrops', 'adminWaiting', 'savedSearch'] as const;
export type UnsubscribeTopic = (typeof UNSUBSCRIBE_TOPICS)[number];

/** Whom a link speaks for and what it stops: a saved search's alerts name the search. */
export interface UnsubscribeSubject {
  userId: string;
  topic: UnsubscribeTopic;
  savedSearchId?: string;
}

/** What a mail carries to be stopped in one click: the page for people, the headers for mail apps (RFC 8058). */
export interface UnsubscribeLink {
  pageUrl: string;
  headers: Record<string, string>;
}

const PURPOSE = 'mail-unsubscribe';
/** The API path a mail app posts to (RFC 8058); the web page at /unsubscribe posts to it too. */
export const UNSUBSCRIBE_API_PATH = '/api/email/unsubscribe';

/**
 * A link's token: the subject in readable parts and a keyed hash of them, so the server keeps no row per mail and a
 * token cannot be altered to speak for another member or topic. It never expires: it can only turn mail off.
 */
export function unsubscribeToken(cipher: CredentialsCipher, s: UnsubscribeSubject): string {
  const body = Buffer.from([s.topic, s.userId, s.savedSearchId ?? ''].join('\n')).toString('base64url');
  return `${body}.${cipher.digest(body, PURPOSE)}`;
}

/** The subject of a token made by `unsubscribeToken`, or null for anything else. */
export function readUnsubscribeToken(cipher: CredentialsCipher, token: string): UnsubscribeSubject | null {
  const [body, mac, ...rest] = token.split('.');
  if (!body || !mac || rest.length > 0) return null;
  const expected = Buffer.from(cipher.digest(body, PURPOSE));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [topic, userId, savedSearchId, ...more] = Buffer.from(body, 'base64url').toString('utf8').split('\n');
  if (more.length > 0 || !userId || !(UNSUBSCRIBE_TOPICS as readonly string[]).includes(topic)) return null;
  if ((topic === 'savedSearch') !== Boolean(savedSearchId)) return null;
  return { userId, topic: topic as UnsubscribeTopic, ...(savedSearchId ? { savedSearchId } : {}) };
}

/** Makes the links for the app's mails: the /unsubscribe page, and List-Unsubscribe with its one-click POST. */
export type UnsubscribeLinks = (subject: UnsubscribeSubject) => UnsubscribeLink;

export function unsubscribeLinks(deps: AppDeps): UnsubscribeLinks {
  const cipher = appCipher(deps);
  const base = deps.config.publicUrl;
  return (subject) => {
    const token = encodeURIComponent(unsubscribeToken(cipher, subject));
    return {
      pageUrl: `${base}/unsubscribe?token=${token}`,
      headers: {
        'List-Unsubscribe': `<${base}${UNSUBSCRIBE_API_PATH}?token=${token}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  };
}

/** What a mail built away from a request needs to link back: the site, and the unsubscribe links. */
export interface MailLinks {
  publicUrl: string;
  unsubscribe: UnsubscribeLinks;
}

export const mailLinks = (deps: AppDeps): MailLinks => ({
  publicUrl: deps.config.publicUrl,
  unsubscribe: unsubscribeLinks(deps),
});
