import { UNREAD_MESSAGE_MAIL_DELAY_MINUTES } from '@accountry/shared/email-preferences';
import type { Mail } from '../../email/mailer';
import { mailLayout } from '../../email/mail-layout';
import type { UnsubscribeLink } from '../../email/unsubscribe-links';

/** "Sam sent you 2 messages": no message text, which may hold what only the chat should show. */
export function unreadMessagesMail(
  publicUrl: string,
  to: string,
  n: { conversationId: string; writerName: string; title: string; unread: number },
  unsubscribe: UnsubscribeLink,
): Mail {
  const what = n.unread === 1 ? 'a message' : `${n.unread} messages`;
  return {
    to,
    subject: `${n.writerName} sent you ${what} on Accountry`,
    ...mailLayout(
      `${n.writerName} sent you ${what}`,
      [
        `About "${n.title}". ${n.unread === 1 ? 'It is' : 'They are'} waiting for you in your chat.`,
        'Keep the conversation and any payment on Accountry: a deal made outside the site is not protected.',
      ],
      { label: 'Read and reply', url: `${publicUrl}/chat?c=${encodeURIComponent(n.conversationId)}` },
      `We send this when a message waits unread for ${UNREAD_MESSAGE_MAIL_DELAY_MINUTES} minutes, once until you ` +
        `read it. You can turn these emails off in your profile: ${publicUrl}/profile`,
      { unsubscribe },
    ),
  };
}
