import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signV4 } from './sigv4';
import { S3ImageStore } from './s3-image-store';

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
});

describe('S3ImageStore against an S3-compatible endpoint', () => {
  const received: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer }> = [];
  let server: http.Server;
  let endpoint: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        received.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = req.method === 'DELETE' ? 204 : 200;
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('PUTs signed objects path-style and returns their public URL, and deletes them', async () => {
    const store = new S3ImageStore({
      endpoint,
      bucket: 'shots',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      region: 'eu-west-1',
    });
    const url = await store.put('listings/l1/i1.webp', Buffer.from('webp-bytes'), 'image/webp');
    expect(url).toBe(`${endpoint}/shots/listings/l1/i1.webp`);
    const put = received[0];
    expect(put).toMatchObject({ method: 'PUT', url: '/shots/listings/l1/i1.webp' });
    expect(put.body.toString()).toBe('webp-bytes');
    expect(put.headers['content-type']).toBe('image/webp');
    expect(put.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKID\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=cache-control;content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    await store.deleteUrl(url);
    expect(received[1]).toMatchObject({ method: 'DELETE', url: '/shots/listings/l1/i1.webp' });
    await store.deleteUrl('/uploads/demo/demo-01.webp');
    expect(received).toHaveLength(2);
  });
});
