import type { z } from 'zod';
import { ORDER_ROUTES, orderPath, type OrderDetail, type PayOrderResponse } from '@accountry/shared/orders';
import { type CredentialsInput, type revealedCredentialsSchema } from '@accountry/shared/order-credentials';
import { type OrdersPage, type OrderStatusFilter } from '@accountry/shared/order-lists';
import { WALLET_ROUTES, type Payout, type Wallet, type WalletEntry } from '@accountry/shared/wallet';
import {
  PAYOUT_METHOD_ROUTE,
  type PayoutMethodInput,
  type PayoutMethodRemoveInput,
  type PayoutMethodReply,
} from '@accountry/shared/payout-methods';
import { api, toQuery } from '../../../lib/api';

export type OrderSide = 'purchases' | 'sales';
export type RevealedCredentials = z.infer<typeof revealedCredentialsSchema>;

/** Every order query key starts with 'orders', so an action refreshes lists, the order and the wallet at once. */
export const orderKeys = {
  all: ['orders'] as const,
  list: (side: OrderSide, status: OrderStatusFilter) => ['orders', 'list', side, status] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
  wallet: ['orders', 'wallet'] as const,
  entries: ['orders', 'wallet-entries'] as const,
  payouts: ['orders', 'wallet-payouts'] as const,
  payoutMethod: ['orders', 'payout-method'] as const,
};

const at = (route: string, id: string) => orderPath(route, { id });

export const ordersApi = {
  list: (side: OrderSide, status: OrderStatusFilter, cursor: string | null) =>
    api<OrdersPage>(`${ORDER_ROUTES.list}${toQuery({ side, status, cursor })}`),
  get: (id: string) => api<OrderDetail>(at(ORDER_ROUTES.detail, id)),
  pay: (id: string) => api<PayOrderResponse>(at(ORDER_ROUTES.pay, id), { method: 'POST', body: {} }),
  cancel: (id: string, reason: string) => api<OrderDetail>(at(ORDER_ROUTES.cancel, id), { body: { reason } }),
  deliver: (id: string, credentials: CredentialsInput) =>
    api<OrderDetail>(at(ORDER_ROUTES.deliver, id), { body: { credentials } }),
  correct: (id: string, credentials: CredentialsInput) =>
    api<OrderDetail>(at(ORDER_ROUTES.correctCredentials, id), { body: { credentials } }),
  confirm: (id: string) => api<OrderDetail>(at(ORDER_ROUTES.confirm, id), { method: 'POST', body: {} }),
  dispute: (id: string, reason: string) => api<OrderDetail>(at(ORDER_ROUTES.dispute, id), { body: { reason } }),
  reveal: (id: string) =>
    api<RevealedCredentials>(at(ORDER_ROUTES.revealCredentials, id), { method: 'POST', body: {} }),
  wallet: () => api<Wallet>(WALLET_ROUTES.wallet),
  entries: (cursor: string | null) =>
    api<{ items: WalletEntry[]; nextCursor: string | null }>(`${WALLET_ROUTES.entries}${toQuery({ cursor })}`),
  payouts: (cursor: string | null) =>
    api<{ items: Payout[]; nextCursor: string | null }>(`${WALLET_ROUTES.payouts}${toQuery({ cursor })}`),
  /** The new payout; the balances and the lists are fetched again (every order key is invalidated). */
  requestPayout: (amountCents: number) => api<Payout>(WALLET_ROUTES.payouts, { body: { amountCents } }),
  cancelPayout: (id: string) => api<Payout>(at(WALLET_ROUTES.cancelPayout, id), { body: {} }),
  payoutMethod: () => api<PayoutMethodReply>(PAYOUT_METHOD_ROUTE),
  setPayoutMethod: (input: PayoutMethodInput) =>
    api<PayoutMethodReply>(PAYOUT_METHOD_ROUTE, { method: 'PUT', body: input }),
  removePayoutMethod: (input: PayoutMethodRemoveInput) =>
    api<PayoutMethodReply>(PAYOUT_METHOD_ROUTE, { method: 'DELETE', body: input }),
};
