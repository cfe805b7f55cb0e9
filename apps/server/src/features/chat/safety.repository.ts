import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import { noBlockBetween } from '../../db/member-blocks';
import type { Db } from './conversations.repository';
import { underSendLimit, type SendLimit } from './send-limit';

export async function insertBlock(db: Db, blockerId: string, blockedId: string, now: number) {
  await db
    .insertInto('userBlocks')
    .values({ blockerId, blockedId, createdAt: now })
    .onConflict((oc) => oc.columns(['blockerId', 'blockedId']).doNothing())
    .execute();
}

export async function deleteBlock(db: Db, blockerId: string, blockedId: string) {
  const result = await db
    .deleteFrom('userBlocks')
    .where('blockerId', '=', blockerId)
    .where('blockedId', '=', blockedId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function selectBlocked(db: Db, blockerId: string) {
  return db
    .selectFrom('userBlocks as ub')
    .innerJoin('users as u', 'u.id', 'ub.blockedId')
    .select(['u.id', 'u.displayName', 'ub.createdAt as blockedAt'])
    .where('ub.blockerId', '=', blockerId)
    .orderBy('ub.createdAt', 'desc')
    .limit(500)
    .execute();
}

export async function userExists(db: Db, id: string) {
  return !!(await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst());
}

/**
 * One look-up before a send: whether this client id was stored already (a resend), blocks either way between sender
 * and recipient, whether the recipient's account is gone, and (given a limit and the time) whether the sender is
 * under the send limit.
 */
export async function sendChecks(
  db: Db,
  senderId: string,
  recipientId: string,
  clientId = '',
  limitAt?: { limit: SendLimit; now: number },
) {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('deletedUsers as d', 'd.uid', 'u.id')
    .select((eb) => [
      'u.disabled',
      'd.status',
      eb
        .selectFrom('messages')
        .select('id')
        .where('senderId', '=', senderId)
        .where('clientId', '=', clientId)
        .as('storedId'),
      eb
        .exists(
          eb
            .selectFrom('userBlocks')
            .select('blockerId')
            .where('blockerId', '=', senderId)
            .where('blockedId', '=', recipientId),
        )
        .as('senderBlocked'),
      eb
        .exists(
          eb
            .selectFrom('userBlocks')
            .select('blockerId')
            .where('blockerId', '=', recipientId)
            .where('blockedId', '=', senderId),
        )
        .as('recipientBlocked'),
      limitAt
        ? underSendLimit(limitAt.limit, sql`${senderId}`, (ms) => sql`${limitAt.now - ms}`).as('underLimit')
        : sql<boolean>`1 = 1`.as('underLimit'),
    ])
    .where('u.id', '=', recipientId)
    .executeTakeFirst();
  return {
    storedId: row?.storedId ?? null,
    senderBlockedRecipient: Boolean(row?.senderBlocked),
    recipientBlockedSender: Boolean(row?.recipientBlocked),
    recipientGone: !row || row.disabled || row.status === 'unresolved',
    underLimit: Boolean(row?.underLimit),
  };
}

/**
 * The send checks as a condition of the write that numbers a member's message: the recipient's account active, no
 * block either way, the sender under the send limit. Read in the write itself, nothing can land between them.
 */
export function sendAllowed(
  eb: ExpressionBuilder<DB, 'conversations'>,
  a: { senderId: string; recipientId: string; limit: SendLimit; now: number },
) {
  return eb.and([
    eb.exists(
      eb
        .selectFrom('users as u')
        .leftJoin('deletedUsers as d', 'd.uid', 'u.id')
        .select('u.id')
        .where('u.id', '=', a.recipientId)
        .where('u.disabled', '=', false)
        .where((w) => w.or([w('d.status', 'is', null), w('d.status', '!=', 'unresolved')])),
    ),
    noBlockBetween(eb, a.senderId, sql<string>`${a.recipientId}`),
    underSendLimit(a.limit, sql`${a.senderId}`, (ms) => sql`${a.now - ms}`),
  ]);
}
