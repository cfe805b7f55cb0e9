/** What our Stripe webhook answers to requests it refuses (Stripe's dashboard shows it; tests pin it). */
export const STRIPE_MESSAGES = {
  badSignature: 'The Stripe signature of this webhook is missing or invalid.',
  amountMismatch: 'The amount paid does not match the order.',
} as const;
