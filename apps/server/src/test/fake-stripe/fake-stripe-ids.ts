import { randomBytes } from 'node:crypto';

/** An id shaped as Stripe's test-mode ids: `cs_test_…`, `dp_test_…`. */
export const stripeId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('base64url')}`;
