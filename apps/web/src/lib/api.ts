import { CSRF_COOKIE, CSRF_HEADER, HOST_COOKIE_PREFIX } from '@accountry/shared/constants';
import {
  DOWNLOAD_BROKE_OFF_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  unexpectedReplyMessage,
} from '@accountry/shared/network-messages';

/** An API failure with the server's { error: { code, message, fields } } shape. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The code of a refusal for want of a session (ERROR_CODES.unauthorized: api-error.ts would bring zod along). */
const NO_SESSION = 'UNAUTHORIZED';

/**
 * A request refused because no session came with it. Every other 401 (a wrong password or code at sign-in) has a code
 * of its own, so only this one can mean that the session the tab had is gone.
 */
export const isNoSession = (err: unknown) =>
  err instanceof ApiRequestError && err.status === 401 && err.code === NO_SESSION;

let noSessionHandler: ((err: ApiRequestError) => void) | null = null;

/** Told of every refusal for want of a session, before the caller hears of it (set once, by the query client). */
export function onNoSession(handler: (err: ApiRequestError) => void) {
  noSessionHandler = handler;
}

/** A failure the same request may get past: the network's or the server's own, not a refusal (4xx). */
export const mayPass = (err: unknown) => !(err instanceof ApiRequestError && err.status >= 400 && err.status < 500);

export function readCookie(name: string) {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

export function csrfHeaders(): Record<string, string> {
  // Production serves it as __Host-csrf_token (HTTPS only); development under its plain name.
  const token = readCookie(`${HOST_COOKIE_PREFIX}${CSRF_COOKIE}`) ?? readCookie(CSRF_COOKIE);
  return token ? { [CSRF_HEADER]: token } : {};
}

/** `file`: a raw upload (the image itself is the body, with its own type; the server decodes to decide). */
type Options = { method?: string; body?: unknown; signal?: AbortSignal; form?: FormData; file?: File };

/** JSON fetch against our API; throws ApiRequestError with the server's message. */
export async function api<T>(path: string, opts: Options = {}): Promise<T> {
  return readResponse<T>(await send(path, opts));
}

/** A file the API answers with (a member's data export): its bytes and the name the server gave it. */
export async function apiFile(path: string, opts: Options = {}): Promise<{ blob: Blob; fileName: string | null }> {
  const res = await send(path, opts);
  if (!res.ok) return readResponse(res);
  const fileName = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? null;
  try {
    return { blob: await res.blob(), fileName };
  } catch {
    throw new ApiRequestError(0, 'NETWORK', DOWNLOAD_BROKE_OFF_MESSAGE);
  }
}

async function send(path: string, opts: Options) {
  const method = opts.method ?? (opts.body !== undefined || opts.form || opts.file ? 'POST' : 'GET');
  try {
    return await fetch(path, {
      method,
      credentials: 'same-origin',
      signal: opts.signal,
      headers: {
        accept: 'application/json',
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(opts.file ? { 'content-type': opts.file.type || 'application/octet-stream' } : {}),
        ...(method !== 'GET' ? csrfHeaders() : {}),
      },
      body: opts.file ?? opts.form ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiRequestError(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
  }
}

/** Hand a file to the browser's downloads, as a link to it would. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  Object.assign(document.createElement('a'), { href: url, download: fileName }).click();
  // Revoked once the browser has surely taken its copy: a large file can take it seconds to.
  setTimeout(() => URL.revokeObjectURL(url), 40_000);
}

/** The reply's JSON, or an ApiRequestError with the server's message (or ours, for a page without one). */
export async function readResponse<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    const e = data?.error;
    const err = new ApiRequestError(
      res.status,
      e?.code ?? 'UNKNOWN',
      e?.message ?? unexpectedReplyMessage(res.status),
      e?.fields ?? {},
    );
    if (isNoSession(err)) noSessionHandler?.(err);
    throw err;
  }
  return data as T;
}

/** Build a query string from defined, non-empty values. */
export function toQuery(params: Record<string, string | number | boolean | undefined | null>) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
