import { CHAT_MESSAGES, type BlockedUsers, type ReportConversationInput } from '@accountry/shared/chat';
import type { AppDeps } from '../../app';
import type { AuthUser } from '../../plugins/auth';
import { badRequest, notFound } from '../../lib/app-error';
import { deleteBlock, insertBlock, selectBlocked, userExists } from './safety.repository';
import { insertOpenReport } from '../../lib/reports';
import type { ConversationsService } from './conversations.service';
import type { ChatEvents } from './chat-events';
import { blockEndingDeals, unblockUnderLocks } from '../orders/blocked-deals.service';

/** Blocking people and reporting conversations to the moderators. */
export class SafetyService {
  constructor(
    private readonly deps: AppDeps,
    private readonly conversations: ConversationsService,
    private readonly events: ChatEvents,
  ) {}

  async block(user: AuthUser, userId: string) {
    if (userId === user.id) throw badRequest(CHAT_MESSAGES.cannotBlockSelf, { userId: CHAT_MESSAGES.cannotBlockSelf });
    if (!(await userExists(this.deps.db.db, userId))) throw notFound(CHAT_MESSAGES.userNotFound);
    // Nothing of one reaches the other any more: a price they were agreeing on, and an order not yet paid, end too.
    await blockEndingDeals(this.deps, user.id, userId, (trx) =>
      insertBlock(trx, user.id, userId, this.deps.clock.now()),
    );
    await this.events.block({ blockerId: user.id, blockedId: userId, blocked: true });
  }

  async unblock(user: AuthUser, userId: string) {
    if (await unblockUnderLocks(this.deps, user.id, userId, (trx) => deleteBlock(trx, user.id, userId))) {
      await this.events.block({ blockerId: user.id, blockedId: userId, blocked: false });
    }
  }

  async blocked(user: AuthUser): Promise<BlockedUsers> {
    return { users: await selectBlocked(this.deps.db.db, user.id) };
  }

  /** One open report per reporter and conversation; the admin area reads the conversation's messages. */
  async report(user: AuthUser, conversationId: string, input: Required<ReportConversationInput>) {
    await this.conversations.requireParties(user, conversationId);
    const db = this.deps.db.db;
    const report = {
      targetType: 'conversation' as const,
      targetId: conversationId,
      reporterId: user.id,
      reason: input.reason,
      message: input.details,
    };
    const id = await insertOpenReport(db, report, this.deps.clock.now(), CHAT_MESSAGES.alreadyReported);
    return { id, message: CHAT_MESSAGES.reportSent };
  }
}
