/** Remembers, across the trip to the payment provider's page, that this tab left to pay an order. */
const key = (orderId: string) => `accountry.payment.${orderId}`;
const WAIT_MS = 2 * 60_000;

/** Leave for the provider's page, noting the order so its page can watch for the confirmation on return. */
export function redirectToPayment(orderId: string, url: string) {
  try {
    sessionStorage.setItem(key(orderId), String(Date.now()));
  } catch {
    // Storage may be unavailable (private mode); the order page still refreshes on its own.
  }
  window.location.assign(url);
}

/** True while the tab came back from paying this order within the last two minutes. */
export function returnedFromPayment(orderId: string): boolean {
  try {
    const at = Number(sessionStorage.getItem(key(orderId)));
    return at > 0 && Date.now() - at < WAIT_MS;
  } catch {
    return false;
  }
}

export function forgetPayment(orderId: string) {
  try {
    sessionStorage.removeItem(key(orderId));
  } catch {
    // nothing to forget
  }
}
