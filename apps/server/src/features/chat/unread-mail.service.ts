import { UNREAD_MESSAGE_MAIL_DELAY_MINUTES } from '@accountry/shared/email-preferences';
import type { AppDeps } from '../../app';
import { queueMail } from '../../email/mail-outbox';
import { unsubscribeLinks, type UnsubscribeLinks } from '../../email/unsubscribe-links';
import { startPeriodicTask } from '../../lib/periodic-task';
import { unreadMessagesMail } from './unread-mail';
import {
  claimNotice,
  noticeFacts,
  quietConversations,
  quietConversationsIn,
  type QuietConversation,
} from './unread-mail.repository';
import { DAY_MS, MINUTE_MS } from '@accountry/shared/durations';

const DELAY_MS = UNREAD_MESSAGE_MAIL_DELAY_MINUTES * MINUTE_MS;
/** A process that starts looks this far back, for conversations that went quiet while no process was running. */
const LOOKBACK_MS = DAY_MS;
const BATCH = 200;

/**
 * Mail for messages that wait while their reader is away (decision 163). A conversation whose last message is ten
 * minutes old with messages its reader has not read gets one mail to that reader, and no other until they read.
 * Each process sweeps the conversations that went quiet since its last sweep, from an index, and never touches the
 * chat's write path; a notice is claimed by a conditional update of the side's marks in the transaction that queues
 * the mail, so several processes sweeping one database send each notice once; the claim's condition carries whether
 * the notice may go (no block, mails on, accounts usable), so a block or opt-out made meanwhile stops it. A
 * conversation whose notice fails is logged and the sweep goes on past it (decision 241); it is looked at again, by
 * its id, on the next sweep.
 */
export class UnreadMailSweeper {
  private after: { at: number; id: string };
  private readonly unsubscribe: UnsubscribeLinks;
  /** Conversations whose notice failed, behind the sweep's position now: tried again next sweep. */
  private readonly failed = new Set<string>();

  constructor(private readonly deps: AppDeps) {
    this.after = { at: deps.clock.now() - DELAY_MS - LOOKBACK_MS, id: '' };
    this.unsubscribe = unsubscribeLinks(deps);
  }

  /** Queue the notices that fell due; returns how many. */
  async sweep(): Promise<number> {
    const until = this.deps.clock.now() - DELAY_MS;
    let queued = 0;
    // Those that failed before first; one that no longer has a notice due is forgotten, one that fails again kept.
    const retry = [...this.failed];
    for (let i = 0; i < retry.length; i += BATCH) {
      const ids = retry.slice(i, i + BATCH);
      const rows = await quietConversationsIn(this.deps.db.db, ids, this.after);
      for (const id of ids) this.failed.delete(id);
      for (const c of rows) queued += await this.notifyBoth(c);
    }
    for (;;) {
      const rows = await quietConversations(this.deps.db.db, this.after, until, BATCH);
      for (const c of rows) queued += await this.notifyBoth(c);
      const last = rows.at(-1);
      if (rows.length < BATCH || !last) break;
      this.after = { at: last.lastMessageAt, id: last.id };
    }
    // Rows at `until` itself may be looked at again next time; a second look finds them claimed or read.
    this.after = { at: until, id: '' };
    return queued;
  }

  /** Both sides' notices; a failure is logged and the conversation kept for the next sweep (one sent stays sent). */
  private async notifyBoth(c: QuietConversation) {
    try {
      return (await this.notify(c, 'buyer')) + (await this.notify(c, 'seller'));
    } catch (err) {
      this.failed.add(c.id);
      this.deps.log.error({ err, conversationId: c.id }, 'unread message mail failed; retried next sweep');
      return 0;
    }
  }

  private async notify(c: QuietConversation, side: 'buyer' | 'seller') {
    const [readerId, writerId] = side === 'buyer' ? [c.buyerId, c.sellerId] : [c.sellerId, c.buyerId];
    const read = side === 'buyer' ? c.buyerReadSeq : c.sellerReadSeq;
    const mailed = side === 'buyer' ? c.buyerMailedSeq : c.sellerMailedSeq;
    if (c.lastSeq <= read || mailed > read) return 0;
    const now = this.deps.clock.now();
    return this.deps.db.db.transaction().execute(async (trx) => {
      const facts = await noticeFacts(trx, c, readerId, writerId, read);
      if (!facts) return 0;
      if (!(await claimNotice(trx, c, side))) {
        // The conversation moved since it was read (a read of part of it, another process's notice), or a block, an
        // opt-out or a closed account came since the facts: looked at again, by its id, next sweep (past it now).
        this.failed.add(c.id);
        return 0;
      }
      const { email, ...about } = facts;
      await queueMail(
        trx,
        unreadMessagesMail(
          this.deps.config.publicUrl,
          email,
          { conversationId: c.id, ...about },
          this.unsubscribe({ userId: readerId, topic: 'unreadMessages' }),
        ),
        now,
      );
      return 1;
    });
  }
}

/** Sweep every interval until the app closes (never when the interval is 0: tests sweep by hand). */
export function startUnreadMailSweeper(deps: AppDeps, intervalMs: number, onError: (err: unknown) => void) {
  const sweeper = new UnreadMailSweeper(deps);
  return startPeriodicTask(intervalMs, () => sweeper.sweep(), onError);
}
