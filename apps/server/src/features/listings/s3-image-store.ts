import type { ImageStore } from './image-store';
import { signV4 } from './sigv4';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/**
 * Any S3-compatible bucket (AWS S3, MinIO, R2, …) over plain fetch with SigV4-signed PUT and DELETE, path-style URLs.
 * The bucket must allow public reads of the objects, since browsers load screenshots straight from it.
 */
export class S3ImageStore implements ImageStore {
  private readonly base: string;
  constructor(
    private readonly s3: S3Settings,
    private readonly fetchFn: typeof fetch = fetch,
  ) {
    this.base = `${s3.endpoint.replace(/\/+$/, '')}/${s3.bucket}`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<string> {
    const url = `${this.base}/${key}`;
    const headers = signV4(
      {
        method: 'PUT',
        url,
        body,
        headers: { 'content-type': contentType, 'cache-control': 'public, max-age=31536000, immutable' },
      },
      this.s3,
      new Date(),
    );
    const res = await this.fetchFn(url, { method: 'PUT', headers, body: new Uint8Array(body) });
    if (!res.ok) throw new Error(`S3 PUT ${key} failed: ${res.status} ${await res.text().catch(() => '')}`);
    return url;
  }

  async deleteUrl(url: string): Promise<void> {
    if (!url.startsWith(`${this.base}/listings/`)) return;
    const res = await this.fetchFn(url, {
      method: 'DELETE',
      headers: signV4({ method: 'DELETE', url }, this.s3, new Date()),
    });
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE failed: ${res.status}`);
  }
}
