import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3Options {
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Anonymous GETs are answered, as a bucket with a public-read policy does. Default: a private bucket. */
  publicRead?: boolean;
  /** The fake's own time, by which presigned URLs expire (tests move it with the app's clock). */
  now?: () => number;
}

export interface FakeS3 {
  endpoint: string;
  /** Every request, answered or refused, in order. */
  received: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer; status: number }>;
  objects: Map<string, { body: Buffer; contentType: string; cacheControl?: string }>;
  close(): Promise<void>;
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const enc = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sameHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const amzTime = (s: string) =>
  Date.UTC(+s.slice(0, 4), +s.slice(4, 6) - 1, +s.slice(6, 8), +s.slice(9, 11), +s.slice(11, 13), +s.slice(13, 15));

/**
 * An S3-compatible endpoint for tests, written apart from the app's signer so it checks rather than mirrors it. It
 * keeps objects in memory and, like S3, refuses (403) a request whose SigV4 signature, in the Authorization header or
 * in a presigned URL's query string, does not match the request or names another key, and a presigned URL past its
 * expiry; a request with neither is anonymous, answered only for a GET of a public-read bucket.
 * response-cache-control in a signed query replaces the object's Cache-Control, as S3 does.
 */
export async function startFakeS3(opts: FakeS3Options): Promise<FakeS3> {
  const now = opts.now ?? (() => Date.now());
  const objects: FakeS3['objects'] = new Map();
  const received: FakeS3['received'] = [];

  function signatureOf(amzDate: string, scope: string, canonicalRequest: string) {
    const [day, region, service] = scope.split('/');
    const key = hmac(hmac(hmac(hmac(`AWS4${opts.secretAccessKey}`, day), region), service), 'aws4_request');
    const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
    return createHmac('sha256', key).update(toSign).digest('hex');
  }
  const scopeOk = (credential: string, amzDate: string) =>
    credential === `${opts.accessKeyId}/${amzDate.slice(0, 8)}/${opts.region}/s3/aws4_request`;
  const canonicalHeaders = (req: http.IncomingMessage, names: string[]) =>
    names.map((n) => `${n}:${String(req.headers[n] ?? '').trim()}\n`).join('');
  const canonicalQuery = (params: URLSearchParams) =>
    [...params]
      .map(([k, v]) => [enc(k), enc(v)])
      .sort(([a, av], [b, bv]) => (a !== b ? (a < b ? -1 : 1) : av < bv ? -1 : av > bv ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');

  /** 'signed', 'anonymous', or why it is refused. */
  function authenticate(req: http.IncomingMessage, url: URL, body: Buffer): 'signed' | 'anonymous' | string {
    const auth = req.headers.authorization;
    if (auth) {
      const m = /^AWS4-HMAC-SHA256 Credential=([^,]+), SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(auth);
      const amzDate = String(req.headers['x-amz-date'] ?? '');
      if (!m || !scopeOk(m[1], amzDate)) return 'AuthorizationHeaderMalformed';
      const payload = String(req.headers['x-amz-content-sha256'] ?? '');
      if (payload !== 'UNSIGNED-PAYLOAD' && payload !== sha256Hex(body)) return 'XAmzContentSHA256Mismatch';
      const names = m[2].split(';');
      if (!names.includes('host')) return 'AccessDenied';
      const canonical = [
        req.method,
        url.pathname,
        canonicalQuery(url.searchParams),
        canonicalHeaders(req, names),
        m[2],
        payload,
      ].join('\n');
      const scope = m[1].slice(m[1].indexOf('/') + 1);
      return sameHex(signatureOf(amzDate, scope, canonical), m[3]) ? 'signed' : 'SignatureDoesNotMatch';
    }
    const q = url.searchParams;
    if (!q.has('X-Amz-Signature')) return 'anonymous';
    const amzDate = q.get('X-Amz-Date') ?? '';
    const expires = Number(q.get('X-Amz-Expires'));
    const credential = q.get('X-Amz-Credential') ?? '';
    if (q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || !scopeOk(credential, amzDate)) return 'AccessDenied';
    if (!/^\d{8}T\d{6}Z$/.test(amzDate) || !Number.isInteger(expires) || expires < 1 || expires > 604_800)
      return 'AuthorizationQueryParametersError';
    if (now() > amzTime(amzDate) + expires * 1000) return 'AccessDenied: Request has expired';
    const names = (q.get('X-Amz-SignedHeaders') ?? '').split(';');
    if (!names.includes('host')) return 'AccessDenied';
    const rest = new URLSearchParams([...q].filter(([k]) => k !== 'X-Amz-Signature'));
    const canonical = [
      req.method,
      url.pathname,
      canonicalQuery(rest),
      canonicalHeaders(req, names),
      names.join(';'),
      'UNSIGNED-PAYLOAD',
    ].join('\n');
    const scope = credential.slice(credential.indexOf('/') + 1);
    return sameHex(signatureOf(amzDate, scope, canonical), q.get('X-Amz-Signature')!)
      ? 'signed'
      : 'SignatureDoesNotMatch';
  }

  function answer(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) {
    const url = new URL(req.url!, 'http://fake-s3');
    const prefix = `/${opts.bucket}/`;
    if (!url.pathname.startsWith(prefix)) return res.writeHead(404).end('NoSuchBucket');
    const key = decodeURIComponent(url.pathname.slice(prefix.length));
    const auth = authenticate(req, url, body);
    const reading = req.method === 'GET' || req.method === 'HEAD';
    if (auth === 'anonymous' && !(reading && opts.publicRead)) return res.writeHead(403).end('AccessDenied');
    if (auth !== 'signed' && auth !== 'anonymous') return res.writeHead(403).end(auth);
    if (req.method === 'PUT') {
      objects.set(key, {
        body,
        contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
        cacheControl: req.headers['cache-control'],
      });
      return res.writeHead(200).end();
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      return res.writeHead(204).end();
    }
    if (!reading) return res.writeHead(405).end('MethodNotAllowed');
    const object = objects.get(key);
    if (!object) return res.writeHead(404).end('NoSuchKey');
    const cacheControl = (auth === 'signed' && url.searchParams.get('response-cache-control')) || object.cacheControl;
    res.writeHead(200, {
      'content-type': object.contentType,
      'content-length': object.body.length,
      ...(cacheControl ? { 'cache-control': cacheControl } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : object.body);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      answer(req, res, body);
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body, status: res.statusCode });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    objects,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
