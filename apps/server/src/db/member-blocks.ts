import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from './database';

// Blocks are the chat's (its routes make and lift them), but what a block stops reaches further: offers between
// the two end with it too. The look-ups live here, where every feature may read them.

/** Which of the two has blocked the other. */
export async function blocksBetween(db: Database, a: string, b: string) {
  const rows = await db
    .selectFrom('userBlocks')
    .select(['blockerId'])
    .where((eb) =>
      eb.or([
        eb.and([eb('blockerId', '=', a), eb('blockedId', '=', b)]),
        eb.and([eb('blockerId', '=', b), eb('blockedId', '=', a)]),
      ]),
    )
    .execute();
  return { aBlockedB: rows.some((r) => r.blockerId === a), bBlockedA: rows.some((r) => r.blockerId === b) };
}

/** Whether either of two members blocked the other: nothing of one reaches the other then (offers too). */
export async function eitherBlocked(db: Database, a: string, b: string) {
  const blocks = await blocksBetween(db, a, b);
  return blocks.aBlockedB || blocks.bBlockedA;
}

/** A member in a block condition: an id (a value) or any SQL standing for one (a column, a statement's parameter). */
export type BlockParty = string | Expression<string>;

/**
 * SQL: whether a block stands either way between members `a` and `b`. The one place that condition is written: the
 * Kysely conditions and the chat's prepared statements (raw text compiled from it with `sql.raw` parties) all take it.
 * Each direction is one look-up of the (blocker_id, blocked_id) key; its own alias is `ub`, so pass no outer `ub`.
 */
export function blockEitherWay(a: BlockParty, b: BlockParty): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from user_blocks ub where (ub.blocker_id = ${a} and ub.blocked_id = ${b})
    or (ub.blocker_id = ${b} and ub.blocked_id = ${a}))`;
}

/** A condition: no block either way between the member and the member in `otherColumn` (a query's own column). */
export function noBlockBetween(
  // Any query's builder (aliases included): the condition reads user_blocks alone.
  eb: ExpressionBuilder<any, any>,
  memberId: string,
  otherColumn: Expression<string>,
): Expression<SqlBool> {
  return eb.not(blockEitherWay(memberId, otherColumn));
}
