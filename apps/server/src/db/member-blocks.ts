import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
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

/** A condition: no block either way between the member and the member in `otherColumn` (a query's own column). */
export function noBlockBetween(
  // Any query's builder (aliases included): the condition reads user_blocks alone.
  eb: ExpressionBuilder<any, any>,
  memberId: string,
  otherColumn: Expression<string>,
): Expression<SqlBool> {
  return eb.not(
    eb.exists(
      eb
        .selectFrom('userBlocks as ub')
        .select('ub.blockerId')
        .where((b) =>
          b.or([
            b.and([b('ub.blockerId', '=', memberId), b('ub.blockedId', '=', otherColumn)]),
            b.and([b('ub.blockerId', '=', otherColumn), b('ub.blockedId', '=', memberId)]),
          ]),
        ),
    ),
  );
}
