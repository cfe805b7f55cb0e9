import { ERROR_CODES } from '@accountry/shared/api-error';
import { ORDER_MESSAGES } from '@accountry/shared/order-messages';
import { protectionMs } from '@accountry/shared/order-state';
import { AppError } from '../../lib/app-error';
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
  /**
   * The provider an order was paid with (its `provider` column), which may not be the one new orders use now; a 503
   * when this process cannot reach it (Stripe's keys removed while card orders remain).
   */
  providerOf(order: { provider: string }): PaymentProvider;
  /** Every provider this process reaches, the one for new orders among them (their sweeps run for each). */
  providers: PaymentProvider[];
  /** The reachable provider of a name (a webhook's path), if any. */
  providerNamed(name: string): PaymentProvider | undefined;
}

/** Each way of paying this build knows; Stripe is set up only where its keys are (decision 239). */
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

/**
 * The providers this process can reach: the balance always, Stripe whenever its keys are set, whichever pays new orders
 * (decision 239), so the card orders made before a switch are still refunded, closed and told of through Stripe.
 */
function reachableProviders(deps: AppDeps) {
  const names = new Set(['balance', deps.config.orders.paymentProvider, ...(deps.config.stripe ? ['stripe'] : [])]);
  const providers = new Map<string, PaymentProvider>();
  for (const name of names) {
    const factory = paymentProviderFactories[name];
    if (!factory) throw new Error(`PAYMENT_PROVIDER=${name} is not available in this build`);
    providers.set(name, factory(deps));
  }
  return providers;
}

function createOrdersContext(deps: AppDeps): OrdersContext {
  const o = deps.config.orders;
  const providers = reachableProviders(deps);
  const provider = providers.get(o.paymentProvider)!;
  return {
    deps,
    provider,
    providers: [...providers.values()],
    providerNamed: (name) => providers.get(name),
    providerOf: (order) => {
      const paidWith = providers.get(order.provider);
      if (paidWith) return paidWith;
      // Never another provider's rules for this order's money: its refund would land where it was not paid from.
      deps.log.error({ provider: order.provider }, 'an order needs a payment provider that is not configured');
      throw new AppError(503, ERROR_CODES.unavailable, ORDER_MESSAGES.providerUnavailable);
    },
    cipher: appCipher(deps),
    feePercent: o.platformFeePercent,
    protectionMs: (days) =>
      o.protectionPeriodMs !== undefined && days > 0 ? o.protectionPeriodMs : protectionMs(days),
  };
}
