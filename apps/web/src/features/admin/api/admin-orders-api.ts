import {
  ORDER_ROUTES,
  orderPath,
  type AdminOrderFigures,
  type DecisionInput,
  type OrderDetail,
} from '@accountry/shared/orders';
import { type AdminOrderListItem } from '@accountry/shared/order-lists';
import {
  WALLET_ROUTES,
  type BalanceCreditInput,
  type Payout,
  type PayoutDestination,
  type PayoutPaidInput,
  type Wallet,
} from '@accountry/shared/wallet';
import { api, toQuery } from '../../../lib/api';

type Params = Record<string, string | number | undefined>;
type Page<T> = { items: T[]; nextCursor: string | null };
const at = (route: string, id: string) => orderPath(route, { id });

/** Keys under 'admin', so useAdminAction's invalidation refreshes these too. */
export const adminOrderKeys = {
  orders: (p: Params) => ['admin', 'orders', p] as const,
  order: (id: string) => ['admin', 'order', id] as const,
  figures: ['admin', 'order-figures'] as const,
  payouts: (p: Params) => ['admin', 'payouts', p] as const,
  userWallet: (id: string) => ['admin', 'user-wallet', id] as const,
};

export const adminOrdersApi = {
  orders: (p: Params) => api<Page<AdminOrderListItem>>(`${ORDER_ROUTES.adminList}${toQuery(p)}`),
  order: (id: string) => api<OrderDetail>(at(ORDER_ROUTES.detail, id)),
  decide: (id: string, input: DecisionInput) => api<OrderDetail>(at(ORDER_ROUTES.adminDecision, id), { body: input }),
  revealCredentials: (id: string) =>
    api<Record<'login' | 'password' | 'emailAccess' | 'recoveryCodes' | 'notes', string>>(
      at(ORDER_ROUTES.adminRevealCredentials, id),
      { method: 'POST', body: {} },
    ),
  recoverChargeback: (id: string, amountCents: number) =>
    api<OrderDetail>(at(ORDER_ROUTES.adminChargebackRecovery, id), { body: { amountCents } }),
  retryRefund: (id: string, refundKey: string) =>
    api<OrderDetail>(at(ORDER_ROUTES.adminRefundRetry, id), { body: { refundKey } }),
  settleRefund: (id: string, refundKey: string, reference: string) =>
    api<OrderDetail>(at(ORDER_ROUTES.adminRefundSettlement, id), { body: { refundKey, reference } }),
  figures: () => api<AdminOrderFigures>(ORDER_ROUTES.adminFigures),
  payouts: (p: Params) => api<Page<Payout>>(`${WALLET_ROUTES.adminPayouts}${toQuery(p)}`),
  payoutDestination: (id: string) =>
    api<PayoutDestination>(at(WALLET_ROUTES.adminPayoutDestination, id), { method: 'POST', body: {} }),
  markPaid: (id: string, body: PayoutPaidInput) => api<{ ok: true }>(at(WALLET_ROUTES.adminPayoutPaid, id), { body }),
  correctReference: (
    id: string,
    body: { reference: string; previousReference: string; allowDuplicateReference: boolean },
  ) => api<{ ok: true }>(at(WALLET_ROUTES.adminPayoutReference, id), { body }),
  reject: (id: string, reason: string) =>
    api<{ ok: true }>(at(WALLET_ROUTES.adminPayoutReject, id), { body: { reason } }),
  userWallet: (id: string) => api<Wallet>(at(WALLET_ROUTES.adminUserWallet, id)),
  credit: (id: string, body: BalanceCreditInput) => api<Wallet>(at(WALLET_ROUTES.adminCredit, id), { body }),
};
