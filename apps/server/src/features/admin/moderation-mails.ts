import type { Mail } from '../../email/mailer';
import { mailLayout } from '../../email/mail-layout';
import { LISTING_REVIEW_KEPT_MAIL } from '@accountry/shared/listing-review-requests';

/**
 * `shownAsDraft`: unhidden back to a draft, which buyers do not see until the seller publishes it. `reviewKept`: kept
 * hidden at the seller's request for another look, with the new reason (decision 259).
 */
export type ModerationMove = 'hidden' | 'shown' | 'shownAsDraft' | 'deleted' | 'reviewKept';

/** To the seller when a moderator hides, shows again or removes their listing: what happened and why. */
export function moderationMail(
  publicUrl: string,
  to: string,
  move: ModerationMove,
  listing: { title: string },
  reason: string,
): Mail {
  const { title } = listing;
  const text = {
    hidden: {
      subject: `Your listing was hidden: ${title}`,
      heading: 'A moderator hid your listing',
      lines: [
        `"${title}" is no longer shown to buyers.`,
        `Reason: ${reason}`,
        'Edit the listing to fix what the reason names, then ask for a review from its page. If you think this is a ' +
          'mistake, ask for a review and say why.',
      ],
    },
    shown: {
      subject: `Your listing is shown again: ${title}`,
      heading: 'Your listing is shown again',
      lines: [`A moderator made "${title}" visible to buyers again.`],
    },
    shownAsDraft: {
      subject: `Your listing is no longer hidden: ${title}`,
      heading: 'Your listing is no longer hidden',
      lines: [`A moderator lifted the hiding of "${title}". It is a draft: buyers see it once you publish it.`],
    },
    reviewKept: {
      subject: LISTING_REVIEW_KEPT_MAIL.subject(title),
      heading: LISTING_REVIEW_KEPT_MAIL.heading,
      lines: LISTING_REVIEW_KEPT_MAIL.lines(title, reason),
    },
    deleted: {
      subject: `Your listing was removed: ${title}`,
      heading: 'A moderator removed your listing',
      lines: [
        `"${title}" was removed from Accountry and is no longer shown anywhere.`,
        ...(reason ? [`Reason: ${reason}`] : []),
        'If you think this is a mistake, reply to this email.',
      ],
    },
  }[move];
  return {
    to,
    subject: text.subject,
    ...mailLayout(
      text.heading,
      text.lines,
      { label: 'Open your listings', url: `${publicUrl}/listing-management` },
      'You get this email because you sell on Accountry.',
    ),
  };
}
