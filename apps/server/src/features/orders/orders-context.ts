import { protectionMs } from '@accountry/shared/order-state';
import type { AppDeps } from '../../app';
import type { CredentialsCipher } from '../../lib/credentials-cipher';
import { appCipher } from '../../lib/app-cipher';
import { balanceProvider } from './balance-provider';
import { stripePaymentProvider } from './stripe-payment-provider';
import type { PaymentProvider } from './payment-provider';

/** What the order services share: the app's dependencies, the payment provider and the credentials cipher. */
export interface OrdersContext {
  deps: AppDeps;
  provider: PaymentProvider;
  cipher: CredentialsCipher;
  feePercent: number;
  /** A listing's protection period in ms (PROTECTION_PERIOD_MS shortens it for journeys and demos). */
  protectionMs(days: number): number;
  /** The provider an order was paid with (its `provider` column), which may not be the one configured now. */
  providerOf(order: { provider: string }): PaymentProvider;
}

/** Providers other than `balance` register here (the Stripe provider lands separately). */
export const paymentProviderFactories: Partial<Record<string, (deps: AppDeps) => PaymentProvider>> = {
  balance: () => balanceProvider,
  stripe: stripePaymentProvider,
};

const contexts = new WeakMap<AppDeps, OrdersContext>();

/** The app's one orders context (routes, timers, tests and scripts share it). */
export function ordersContext(deps: AppDeps): OrdersContext {
  let ctx = contexts.get(deps);
  if (!ctx) contexts.set(deps, (ctx = createOrdersContext(deps)));
  return ctx;
}

function createOrdersContext(deps: AppDeps): OrdersContext {
  const o = deps.config.orders;
  const factory = paymentProviderFactories[o.paymentProvider];
  if (!factory) throw new Error(`PAYMENT_PROVIDER=${o.paymentProvider} is not available in this build`);
  const provider = factory(deps);
  return {
    deps,
    provider,
    providerOf: (order) =>
      order.provider === provider.name ? provider : order.provider === 'balance' ? balanceProvider : provider,
    cipher: appCipher(deps),
    feePercent: o.platformFeePercent,
    protectionMs: (days) =>
      o.protectionPeriodMs !== undefined && days > 0 ? o.protectionPeriodMs : protectionMs(days),
  };
}
