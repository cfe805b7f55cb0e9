import type { Role } from '@accountry/shared/roles';
import type { Database } from '../../db/database';
import { mailLayout } from '../../email/mail-layout';
import { queueMailToUser } from '../../email/mail-to-user';

/** What an admin did to a member's account; the admin's reason stays in the audit log (the form says so). */
export type AccountMove =
  'disabled' | 'enabled' | 'deleted' | 'restored' | 'restoredSuspended' | 'madeAdmin' | 'noLongerAdmin';

const FOOTER = 'You get this email because an Accountry admin changed your account.';
const MISTAKE = 'If you think this is a mistake, reply to this email.';

function text(publicUrl: string, move: AccountMove) {
  const home = { label: 'Visit Accountry', url: publicUrl };
  const signIn = { label: 'Sign in', url: `${publicUrl}/signin` };
  return {
    disabled: {
      subject: 'Your Accountry account was suspended',
      heading: 'Your account was suspended',
      lines: [
        'An Accountry admin suspended your account: you were signed out and cannot sign in, and your listings are ' +
          'not shown. Any order you could no longer finish was canceled, and a paid purchase refunded in full.',
        MISTAKE,
      ],
      link: home,
    },
    enabled: {
      subject: 'Your Accountry account is active again',
      heading: 'Your account is active again',
      lines: [
        'An Accountry admin lifted the suspension of your account: you can sign in again, and the listings the ' +
          'suspension hid are shown again. Orders it canceled stay canceled.',
      ],
      link: signIn,
    },
    deleted: {
      subject: 'Your Accountry account was closed',
      heading: 'Your account was closed',
      lines: [
        'An Accountry admin closed your account: you were signed out, nobody can sign in to it, and your listings ' +
          'are no longer shown. Any order you could no longer finish was canceled, and a paid purchase refunded in ' +
          'full.',
        'Orders, payments and reviews stay on record, as the law and the other party need. ' + MISTAKE,
      ],
      link: home,
    },
    restored: {
      subject: 'Your Accountry account was restored',
      heading: 'Your account was restored',
      lines: [
        'An Accountry admin restored your account: you can sign in again, and the listings its closing hid are ' +
          'shown again. Orders it canceled stay canceled.',
      ],
      link: signIn,
    },
    // Disabled before it was deleted, the account comes back disabled (decision 060): sign-in still fails.
    restoredSuspended: {
      subject: 'Your Accountry account was restored',
      heading: 'Your account was restored',
      lines: [
        'An Accountry admin restored your account. It is still suspended: you cannot sign in, and your listings are ' +
          'not shown, until an admin lifts the suspension.',
        MISTAKE,
      ],
      link: home,
    },
    madeAdmin: {
      subject: 'You are now an admin on Accountry',
      heading: 'You are now an admin',
      lines: [
        'An Accountry admin gave your account the admin role: you can now moderate listings and reports, decide ' +
          'disputes and payouts, and manage accounts.',
        'If you did not expect this, reply to this email.',
      ],
      link: { label: 'Open the admin area', url: `${publicUrl}/admin` },
    },
    noLongerAdmin: {
      subject: 'You are no longer an admin on Accountry',
      heading: 'You are no longer an admin',
      lines: ['An Accountry admin took the admin role from your account. Your account itself is unchanged.'],
      link: { label: 'Open your profile', url: `${publicUrl}/profile` },
    },
  }[move];
}

/** The move a role change is mailed as: gaining or losing admin access; buyer and seller are labels, not access. */
export function roleMove(from: Role, to: Role): AccountMove | null {
  if (to === 'admin' && from !== 'admin') return 'madeAdmin';
  if (from === 'admin' && to !== 'admin') return 'noLongerAdmin';
  return null;
}

/**
 * Queue the member's mail of an admin's move on their account, in the move's transaction (a refused repeat sends
 * nothing). A closing is queued before the account is marked deleted: a deleted account gets no other mail.
 */
export function queueAccountMail(trx: Database, publicUrl: string, userId: string, move: AccountMove, now: number) {
  const t = text(publicUrl, move);
  const body = mailLayout(t.heading, t.lines, t.link, FOOTER);
  return queueMailToUser(trx, userId, (to) => ({ to: to.email, subject: t.subject, ...body }), now);
}
