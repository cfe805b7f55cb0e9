import type { BrowserContext } from '@playwright/test';
import { CSRF_COOKIE, CSRF_HEADER } from '@accountry/shared/constants';
import { listingInputSchema } from '@accountry/shared/listing-schemas';

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

/** A listing as its seller's editor loads it: the fields a PUT takes back (with changes), and its content version. */
export async function listingForEdit(context: BrowserContext, baseURL: string, listingId: string) {
  const own = (await (await context.request.get(`${baseURL}/api/my/listings/${listingId}`)).json()) as {
    description: string;
    contentVersion: number;
  } & Record<string, unknown>;
  const fields = Object.fromEntries(Object.entries(own).filter(([k]) => k in listingInputSchema.shape));
  return { fields: { ...fields, description: own.description }, contentVersion: own.contentVersion };
}
