import { ORDER_MESSAGES as M } from '@accountry/shared/order-messages';
import { DISPUTE_STATEMENTS_PER_PERSON, type DisputeStatement } from '@accountry/shared/disputes';
import { adminTransaction } from '../../db/acting-admin';
import type { Database } from '../../db/database';
import type { AuthUser } from '../../plugins/auth';
import { badRequest, conflict } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { newId } from '../../lib/ids';
import type { OrdersContext } from './orders-context';
import { visibleOrder } from './orders.service';
import { queueStatementMail } from './order-mails';
import { holdOpenDispute } from './open-dispute';
import { publishOrderUpdated } from './order-events';

export const evidenceUrl = (orderId: string, id: string) =>
  `/api/orders/${encodeURIComponent(orderId)}/dispute/evidence/${encodeURIComponent(id)}`;

/** The dispute thread: statements by the buyer, the seller and admins, oldest first. */
export async function listStatements(ctx: OrdersContext, user: AuthUser, orderId: string) {
  await visibleOrder(ctx, orderId, user);
  const rows = await ctx.deps.db.db
    .selectFrom('disputeStatements as d')
    .innerJoin('users as u', 'u.id', 'd.authorId')
    .select([
      'd.id',
      'd.authorId',
      'u.displayName as authorName',
      'd.authorRole',
      'd.body',
      'd.evidenceId',
      'd.createdAt',
    ])
    .where('d.orderId', '=', orderId)
    .orderBy('d.createdAt')
    .orderBy('d.id')
    .execute();
  const items: DisputeStatement[] = rows.map((r) => ({
    id: r.id,
    authorId: r.authorId,
    authorName: r.authorName,
    authorRole: r.authorRole,
    body: r.body,
    evidenceUrl: r.evidenceId ? evidenceUrl(orderId, r.evidenceId) : null,
    createdAt: r.createdAt,
  }));
  return { items };
}

async function statementsBy(db: Database, orderId: string, authorId: string) {
  const row = await db
    .selectFrom('disputeStatements')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('orderId', '=', orderId)
    .where('authorId', '=', authorId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Both sides (and the deciding admin) post statements while the dispute is open, each at most
 * DISPUTE_STATEMENTS_PER_PERSON: the whole thread is read on every post and look. Once committed, the order's open
 * pages hear of it over the socket. An admin's is an audited admin write, in an `adminTransaction` (decision 219).
 */
export async function postStatement(
  ctx: OrdersContext,
  user: AuthUser,
  orderId: string,
  input: { body: string; evidenceId?: string | null },
) {
  const { order, side } = await visibleOrder(ctx, orderId, user);
  if (order.status !== 'disputed') throw conflict(M.statementClosed);
  if (input.evidenceId) {
    const evidence = await ctx.deps.db.db
      .selectFrom('disputeEvidence')
      .select('id')
      .where('id', '=', input.evidenceId)
      .where('orderId', '=', orderId)
      .where('uploaderId', '=', user.id)
      .executeTakeFirst();
    if (!evidence) throw badRequest(M.evidenceNotFound, { evidenceId: M.evidenceNotFound });
  }
  const now = ctx.deps.clock.now();
  const write = async (trx: Database) => {
    await holdOpenDispute(trx, orderId);
    // Counted with the dispute held (its row locked on PostgreSQL), so parallel posts cannot pass the limit together.
    if ((await statementsBy(trx, orderId, user.id)) >= DISPUTE_STATEMENTS_PER_PERSON) throw conflict(M.statementLimit);
    // The other side hears of a new turn, not of every statement in it: the author's own follow-ups are not mailed.
    const last = await trx
      .selectFrom('disputeStatements')
      .select('authorId')
      .where('orderId', '=', orderId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    await trx
      .insertInto('disputeStatements')
      .values({
        id: newId(),
        orderId,
        authorId: user.id,
        authorRole: side,
        body: input.body,
        evidenceId: input.evidenceId ?? null,
        createdAt: now,
      })
      .execute();
    if (last?.authorId !== user.id) await queueStatementMail(ctx, trx, order, side, now);
    if (side === 'admin')
      await recordAudit(
        trx,
        { actorId: user.id, action: 'order.dispute_statement', targetType: 'order', targetId: orderId },
        now,
      );
  };
  // An admin's statement speaks for support: refused, as every admin write, once the role is gone (decision 219).
  if (side === 'admin') await adminTransaction(ctx.deps.db.db, user.id, write);
  else await ctx.deps.db.db.transaction().execute(write);
  // The other side's and the admins' open pages show it at once (decision 211).
  await publishOrderUpdated(ctx.deps, order);
  return listStatements(ctx, user, orderId);
}
