import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from './conversations.repository';
import { conversationWindow, selectSummaries, type SummaryRow } from './conversation-summaries.repository';

/**
 * What one search of the conversation list looks through (decision 212). Message text grows without bound (the send
 * limit lets two accounts store tens of thousands of long messages a day), so a request reads each conversation's
 * newest messages only, and, newest conversations first, at most so many conversations and messages; its page then
 * ends with a cursor from which the next request goes on.
 */
export const CONVERSATION_SEARCH = {
  newestMessages: 500,
  conversations: 100,
  messages: 5000,
  /** One statement's share: SQLite holds the event loop while a statement runs, so each gets a turn of its own. */
  messagesPerStatement: 500,
} as const;

type Position = { id: string; updatedAt: number };

/** The matching rows of the next part of the member's list, and where the next request goes on (null: the end). */
export async function searchConversations(
  db: Db,
  userId: string,
  q: string,
  cursor: Position | undefined,
  limit: number,
): Promise<{ rows: SummaryRow[]; next: Position | null }> {
  const S = CONVERSATION_SEARCH;
  const window = await conversationWindow(db, userId, cursor, S.conversations);
  const rows: SummaryRow[] = [];
  let examined = 0;
  let at = 0;
  while (at < window.length && rows.length <= limit) {
    // The next conversations whose messages fit one statement and what is left of the request's share (one at least).
    const room = Math.min(S.messagesPerStatement, S.messages - examined);
    const ids: string[] = [];
    let messages = 0;
    for (; at < window.length; at++) {
      const n = Math.min(window[at].lastSeq, S.newestMessages);
      if ((ids.length || examined) && messages + n > room) break;
      ids.push(window[at].id);
      messages += n;
    }
    if (!ids.length) break;
    if (examined) await nextTurn();
    // Every match of the part: the statement orders by activity as it is now, so a limit there could keep a
    // conversation that moved to the top since the walk began over one the page, in the walk's order, comes to first.
    const more = { q, ids, newestMessages: S.newestMessages, limit: ids.length };
    rows.push(...(await selectSummaries(db, userId, more)));
    examined += messages;
  }
  // In the order the list had when the walk began, which the cursor follows.
  const place = new Map(window.map((c, i) => [c.id, i]));
  rows.sort((a, b) => place.get(a.id)! - place.get(b.id)!);
  if (rows.length > limit) return { rows: rows.slice(0, limit), next: window[place.get(rows[limit - 1].id)!] };
  const end = at === window.length && window.length < S.conversations;
  return { rows, next: end || at === 0 ? null : window[at - 1] };
}
