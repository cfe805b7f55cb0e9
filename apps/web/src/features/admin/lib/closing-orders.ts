import type { AdminUserOpenOrders } from '@accountry/shared/admin-users';
import { formatCents } from '@accountry/shared/wallet';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What disabling or deleting an account does to its open orders, told in the admin's confirmation (decision 169). */
export function closingOrdersText({ canceled, refunded, refundCents, continuing }: AdminUserOpenOrders): string {
  if (canceled === 0 && continuing === 0) return 'They have no open orders.';
  const money = formatCents(refundCents);
  const toBuyers = refunded === 1 ? `its buyer (${money})` : `their buyers (${money})`;
  const parts: string[] = [];
  if (canceled > 0 && refunded === 0)
    parts.push(`${count(canceled, 'unpaid order', 'unpaid orders')} will be canceled.`);
  else if (canceled > 0 && refunded === canceled)
    parts.push(`${count(canceled, 'paid order', 'paid orders')} will be canceled and refunded in full to ${toBuyers}.`);
  else if (canceled > 0) {
    const paid = refunded === 1 ? 'the paid one' : `the ${refunded} paid ones`;
    parts.push(`${canceled} open orders will be canceled, and ${paid} refunded in full to ${toBuyers}.`);
  }
  if (continuing > 0) {
    const other = canceled > 0 ? 'other ' : '';
    const orders = count(continuing, `${other}order`, `${other}orders`);
    parts.push(`${orders}, already paid or delivered, ${continuing === 1 ? 'goes' : 'go'} on as usual.`);
  }
  return parts.join(' ');
}
