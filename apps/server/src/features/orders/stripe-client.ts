import type Stripe from 'stripe';
import { lazyModule } from '../../lib/lazy-module';

/** Loaded only when Stripe is the payment provider. */
export const stripeModule = lazyModule<typeof Stripe>('stripe');

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another host for the API (the local fake); Stripe itself when absent. */
  apiBase?: string;
}

export function createStripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  return new (stripeModule())(settings.secretKey, {
    // Retries reuse the request's idempotency key, so a retried create or refund happens once.
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

/** What an operator needs from a failed Stripe request, and nothing the request carried (no key, no headers). */
export function stripeErrorSummary(err: unknown) {
  if (!(err instanceof Error)) return { message: String(err) };
  const { type, code, statusCode, requestId } = err as Partial<Stripe.errors.StripeError>;
  return { type, code, statusCode, requestId, message: err.message };
}
