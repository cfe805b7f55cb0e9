import { CHARGEBACK_RECOVERY_MESSAGES as R, chargebackOwedBy } from '@accountry/shared/chargeback-recovery';
import { ORDER_MESSAGES as M } from '@accountry/shared/order-messages';
import { adminTransaction, lockActingAdmin } from '../../db/acting-admin';
import type { OrdersTable } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { CHARGEBACK_RECEIVABLE, availableAccount, postLedgerOr409 } from '../../lib/ledger';
import type { AuthUser } from '../../plugins/auth';
import type { OrdersContext } from './orders-context';
import { findOrder } from './orders.repository';
import { latestChargeback, setChargebackBooked } from './chargebacks.repository';
import { settledBeforeChargeback } from './chargeback-funds';
import { assertNotParty, partiesOf } from '../../lib/admin-not-party';
import { queueChargebackRecoveredMail } from './wallet-mails';
import { publishOrderUpdated } from './order-events';

/**
 * An admin takes back `amountCents` of what the bank took of an order settled before its lost chargeback (decision
 * 183), from the available balance of the member it was paid to (`chargebackOwedBy`), into `chargeback_receivable`:
 * audited, never more than is left (409), conditioned on what was read so two admins cannot both take the rest.
 */
export async function recoverChargeback(
  ctx: OrdersContext,
  admin: AuthUser,
  orderId: string,
  amountCents: number,
): Promise<OrdersTable> {
  const now = ctx.deps.clock.now();
  const recoveredOf = await adminTransaction(
    ctx.deps.db.db,
    admin.id,
    async (trx) => {
      const order = await findOrder(trx, orderId);
      if (!order) throw notFound(M.notFound);
      // The member owed is always a party; the other party, an admin, may not take from them either (decision 190).
      assertNotParty(admin.id, partiesOf(order), R.ownOrder);
      const c = await latestChargeback(trx, order.id);
      if (!c || c.status !== 'lost' || !settledBeforeChargeback(order, c.orderStatusAtOpen))
        throw conflict(R.nothingToRecover);
      const memberId = chargebackOwedBy(order) === 'seller' ? order.sellerId : order.buyerId;
      const left = c.withdrawnCents - c.reinstatedCents - c.recoveredCents;
      if (left <= 0) throw conflict(R.alreadyRecovered);
      if (amountCents > left) throw conflict(R.moreThanLeft);
      // Under the account's lock, as every admin change to a balance (an admin's deletion checks the wallet under it),
      // by an admin who still is one.
      await lockActingAdmin(trx, admin.id, [memberId]);
      const read = {
        withdrawnCents: c.withdrawnCents,
        reinstatedCents: c.reinstatedCents,
        recoveredCents: c.recoveredCents,
      };
      if (!(await setChargebackBooked(trx, c.id, read, { recoveredCents: c.recoveredCents + amountCents })))
        throw conflict(M.stateChanged);
      const move = { from: availableAccount(memberId), to: CHARGEBACK_RECEIVABLE, amountCents };
      const posting = { kind: 'chargeback_recovery' as const, orderId, actorId: admin.id, memo: `Dispute ${c.id}` };
      await postLedgerOr409(trx, { ...posting, moves: [move] }, now, R.balanceTooLow);
      await recordAudit(
        trx,
        {
          actorId: admin.id,
          action: 'order.chargeback_recovery',
          targetType: 'order',
          targetId: order.id,
          details: { chargebackId: c.id, memberId, amountCents },
        },
        now,
      );
      const recovered = { memberId, orderId, listingId: order.listingId, amountCents, leftCents: left - amountCents };
      await queueChargebackRecoveredMail(trx, ctx.deps.config.publicUrl, recovered, now);
      return order;
    },
    // The member owed, read from the order, has their account locked before the admin's row (decision 214).
    { rereadLater: true },
  );
  await publishOrderUpdated(ctx.deps, recoveredOf);
  return recoveredOf;
}
