import { createHash, createHmac } from 'node:crypto';

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const amzDateOf = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

const canonicalUri = (url: URL) =>
  url.pathname
    .split('/')
    .map((seg) => rfc3986(decodeURIComponent(seg)))
    .join('/');
const canonicalQuery = (params: Iterable<[string, string]>) =>
  [...params]
    .map(([k, v]) => [rfc3986(k), rfc3986(v)])
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');

/** The credential scope of a request signed at `amzDate`: its day, region and service. */
const scopeOf = (creds: SigV4Credentials, amzDate: string) =>
  `${amzDate.slice(0, 8)}/${creds.region}/${creds.service ?? 's3'}/aws4_request`;

/** The scope and signature of a canonical request, as both the header and the query-string forms sign it. */
function sign(creds: SigV4Credentials, amzDate: string, canonicalRequest: string) {
  const day = amzDate.slice(0, 8);
  const service = creds.service ?? 's3';
  const scope = scopeOf(creds, amzDate);
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, day), creds.region), service), 'aws4_request');
  return { scope, signature: createHmac('sha256', key).update(stringToSign).digest('hex') };
}

/**
 * AWS Signature Version 4 for one request (header-based, as S3 and compatible stores accept).
 * Returns the headers to send: the given ones plus x-amz-date, x-amz-content-sha256 and authorization.
 */
export function signV4(
  req: { method: string; url: string; headers?: Record<string, string>; body?: Buffer | string; payloadHash?: string },
  creds: SigV4Credentials,
  date: Date,
): Record<string, string> {
  const url = new URL(req.url);
  const amzDate = amzDateOf(date);
  const payloadHash = req.payloadHash ?? sha256Hex(req.body ?? '');
  const headers: Record<string, string> = {
    ...req.headers,
    host: url.host,
    'x-amz-date': amzDate,
    'x-amz-content-sha256': payloadHash,
  };
  const names = Object.keys(headers)
    .map((h) => h.toLowerCase())
    .sort();
  const lower = Object.fromEntries(
    Object.entries(headers).map(([k, v]) => [k.toLowerCase(), String(v).trim().replace(/\s+/g, ' ')]),
  );
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    req.method,
    canonicalUri(url),
    canonicalQuery(url.searchParams.entries()),
    names.map((n) => `${n}:${lower[n]}\n`).join(''),
    signedHeaders,
    payloadHash,
  ].join('\n');
  const { scope, signature } = sign(creds, amzDate, canonicalRequest);
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

/**
 * A presigned URL (SigV4 in the query string): anyone holding it may make this one request, with no other credentials,
 * until `expiresSeconds` after `date`. Only the host header is signed and the payload is not, as S3 expects for a
 * browser's GET. Extra query parameters (e.g. response-cache-control) are signed with the rest, so they cannot be
 * changed.
 */
export function presignV4(
  req: { method: string; url: string; expiresSeconds: number; query?: Record<string, string> },
  creds: SigV4Credentials,
  date: Date,
): string {
  const url = new URL(req.url);
  const amzDate = amzDateOf(date);
  const params: Record<string, string> = {
    ...req.query,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${creds.accessKeyId}/${scopeOf(creds, amzDate)}`,
    'X-Amz-Date': amzDate,
    'X-Amz-Expires': String(req.expiresSeconds),
    'X-Amz-SignedHeaders': 'host',
  };
  const query = canonicalQuery(Object.entries(params));
  const canonicalRequest = [
    req.method,
    canonicalUri(url),
    query,
    `host:${url.host}\n`,
    'host',
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const { signature } = sign(creds, amzDate, canonicalRequest);
  return `${url.origin}${canonicalUri(url)}?${query}&X-Amz-Signature=${signature}`;
}
