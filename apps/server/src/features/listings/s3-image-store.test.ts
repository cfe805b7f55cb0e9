import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presignV4, signV4 } from './sigv4';
import { S3ImageStore } from './s3-image-store';
import { startFakeS3, type FakeS3 } from '../../test/fake-s3';

describe('signV4', () => {
  it('matches the AWS documentation example (GET object with a range)', () => {
    const headers = signV4(
      {
        method: 'GET',
        url: 'https://examplebucket.s3.amazonaws.com/test.txt',
        headers: { range: 'bytes=0-9' },
        payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      },
      {
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
      },
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('presigns a GET as the AWS documentation example does (query-string authentication)', () => {
    const url = presignV4(
      { method: 'GET', url: 'https://examplebucket.s3.amazonaws.com/test.txt', expiresSeconds: 86_400 },
      {
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
      },
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
        '&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z' +
        '&X-Amz-Expires=86400&X-Amz-SignedHeaders=host' +
        '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });
});

const KEYS = { bucket: 'shots', accessKeyId: 'AKID', secretAccessKey: 'secret', region: 'eu-west-1' };

describe('S3ImageStore against an S3-compatible endpoint', () => {
  let s3: FakeS3;
  const clock = { t: Date.now() };
  beforeAll(async () => {
    s3 = await startFakeS3({ ...KEYS, now: () => clock.t });
  });
  afterAll(() => s3.close());

  it('PUTs signed objects path-style and returns the app’s URL for them, and deletes them by it', async () => {
    const store = new S3ImageStore({ endpoint: s3.endpoint, ...KEYS });
    const url = await store.put('listings/l1/i1.webp', Buffer.from('webp-bytes'), 'image/webp');
    expect(url).toBe('/uploads/listings/l1/i1.webp');
    const put = s3.received[0];
    expect(put).toMatchObject({ method: 'PUT', url: '/shots/listings/l1/i1.webp', status: 200 });
    expect(put.body.toString()).toBe('webp-bytes');
    expect(put.headers['content-type']).toBe('image/webp');
    expect(put.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKID\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=cache-control;content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    expect(s3.objects.get('listings/l1/i1.webp')?.body.toString()).toBe('webp-bytes');
    await store.deleteUrl(url);
    expect(s3.received[1]).toMatchObject({ method: 'DELETE', url: '/shots/listings/l1/i1.webp', status: 204 });
    expect(s3.objects.has('listings/l1/i1.webp')).toBe(false);
    await store.deleteUrl('/uploads/demo/demo-01.webp');
    expect(s3.received).toHaveLength(2);
  });
});

describe('the fake S3 checks signatures as S3 does', () => {
  let s3: FakeS3;
  const clock = { t: Date.UTC(2026, 11, 8, 10, 0, 0) };
  const objectUrl = () => `${s3.endpoint}/shots/listings/l1/i2.webp`;
  const presigned = (over: Partial<typeof KEYS> = {}, query: Record<string, string> = {}) =>
    presignV4({ method: 'GET', url: objectUrl(), expiresSeconds: 600, query }, { ...KEYS, ...over }, new Date(clock.t));
  beforeAll(async () => {
    s3 = await startFakeS3({ ...KEYS, now: () => clock.t });
    s3.objects.set('listings/l1/i2.webp', {
      body: Buffer.from('bytes'),
      contentType: 'image/webp',
      cacheControl: 'public, max-age=31536000, immutable',
    });
  });
  afterAll(() => s3.close());

  it('answers a presigned GET until it expires, with the Cache-Control the URL asks for', async () => {
    const url = presigned({}, { 'response-cache-control': 'private, no-store' });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('bytes');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    clock.t += 600_000;
    expect((await fetch(url)).status).toBe(200);
    clock.t += 1000;
    const late = await fetch(url);
    expect(late.status).toBe(403);
    expect(await late.text()).toBe('AccessDenied: Request has expired');
  });

  it('refuses an anonymous GET of a private bucket, another secret, and a URL changed after signing', async () => {
    expect((await fetch(objectUrl())).status).toBe(403);
    expect(await (await fetch(presigned({ secretAccessKey: 'guessed' }))).text()).toBe('SignatureDoesNotMatch');
    const url = presigned({}, { 'response-cache-control': 'private, no-store' });
    const changed = [
      url.replace('i2.webp', 'i3.webp'),
      url.replace('private%2C%20no-store', 'public'),
      url.replace('X-Amz-Expires=600', 'X-Amz-Expires=6000'),
    ];
    for (const other of changed) expect(await (await fetch(other)).text(), other).toBe('SignatureDoesNotMatch');
    const put = await fetch(objectUrl(), {
      method: 'PUT',
      body: 'x',
      headers: { authorization: 'AWS4-HMAC-SHA256 x' },
    });
    expect(put.status).toBe(403);
  });

  it('answers anonymous GETs of a public-read bucket, and still no anonymous PUT', async () => {
    const open = await startFakeS3({ ...KEYS, publicRead: true });
    try {
      open.objects.set('k.webp', { body: Buffer.from('b'), contentType: 'image/webp' });
      expect((await fetch(`${open.endpoint}/shots/k.webp`)).status).toBe(200);
      expect((await fetch(`${open.endpoint}/shots/k.webp`, { method: 'PUT', body: 'x' })).status).toBe(403);
    } finally {
      await open.close();
    }
  });
});
