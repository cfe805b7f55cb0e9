import type { FakeCheckoutSession } from './fake-stripe-resources';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A bare stand-in for Stripe's hosted checkout page: the amount, a Pay button and a way back. */
export function checkoutPage(session: FakeCheckoutSession) {
  const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
  const back = session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">Back</a></p>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test checkout</title></head>
<body><main><h1>Test checkout</h1><p>Pay ${escape(amount)}</p>
<form method="post"><button type="submit">Pay ${escape(amount)}</button></form>${back}</main></body></html>`;
}
