import { randomBytes } from 'node:crypto';
import type { BrowserContext } from '@playwright/test';
import { postWithSession } from './session-api';

/**
 * Steps a journey is not about (funding a buyer, a delivery the journey does not watch), taken through the real API
 * with the signed-in context's session, so the server applies its own rules and ledger.
 */
async function post(context: BrowserContext, baseURL: string, path: string, data: unknown) {
  return (await postWithSession(context, baseURL, path, data)).json();
}

/** An admin records a bank transfer onto the user's available balance. */
export const creditBalance = (admin: BrowserContext, baseURL: string, userId: string, amountCents: number) =>
  post(admin, baseURL, `/api/admin/users/${encodeURIComponent(userId)}/balance-credits`, {
    amountCents,
    reason: 'Bank transfer received (journey)',
    requestId: randomBytes(16).toString('hex'),
  });

/** The seller hands over the login of a paid order. */
export const deliverCredentials = (seller: BrowserContext, baseURL: string, orderId: string, login: string) =>
  post(seller, baseURL, `/api/orders/${encodeURIComponent(orderId)}/deliver`, {
    credentials: { login, password: 'Hunter2-journey' },
  });
