import type { BrowserContext } from '@playwright/test';
import { CSRF_COOKIE, CSRF_HEADER } from '@accountry/shared/constants';

/**
 * Steps a journey is not about (funding a buyer, a delivery the journey does not watch), taken through the real API
 * with the signed-in context's session, so the server applies its own rules and ledger.
 */
async function post(context: BrowserContext, baseURL: string, path: string, data: unknown) {
  const csrf = (await context.cookies(baseURL)).find((c) => c.name === CSRF_COOKIE)?.value ?? '';
  const res = await context.request.post(`${baseURL}${path}`, { data, headers: { [CSRF_HEADER]: csrf } });
  if (!res.ok()) throw new Error(`${path} answered ${res.status()}: ${await res.text()}`);
  return res.json();
}

/** An admin records a bank transfer onto the user's available balance. */
export const creditBalance = (admin: BrowserContext, baseURL: string, userId: string, amountCents: number) =>
  post(admin, baseURL, `/api/admin/users/${encodeURIComponent(userId)}/balance-credits`, {
    amountCents,
    reason: 'Bank transfer received (journey)',
  });

/** The seller hands over the login of a paid order. */
export const deliverCredentials = (seller: BrowserContext, baseURL: string, orderId: string, login: string) =>
  post(seller, baseURL, `/api/orders/${encodeURIComponent(orderId)}/deliver`, {
    credentials: { login, password: 'Hunter2-journey' },
  });
