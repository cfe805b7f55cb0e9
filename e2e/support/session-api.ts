import type { BrowserContext } from '@playwright/test';
import { CSRF_COOKIE, CSRF_HEADER } from '@accountry/shared/constants';

/** A POST through the real API with the signed-in context's session and CSRF token; throws unless it succeeds. */
export const postWithSession = (context: BrowserContext, baseURL: string, path: string, data?: unknown) =>
  sendWithSession(context, baseURL, 'POST', path, data);

/** The same for any method that changes something (a PUT, a PATCH). */
export async function sendWithSession(
  context: BrowserContext,
  baseURL: string,
  method: 'POST' | 'PUT' | 'PATCH',
  path: string,
  data?: unknown,
) {
  const csrf = (await context.cookies(baseURL)).find((c) => c.name === CSRF_COOKIE)?.value ?? '';
  const res = await context.request.fetch(`${baseURL}${path}`, { method, data, headers: { [CSRF_HEADER]: csrf } });
  if (!res.ok()) throw new Error(`${path} answered ${res.status()}: ${await res.text()}`);
  return res;
}
