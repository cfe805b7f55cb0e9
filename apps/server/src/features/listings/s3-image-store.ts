import type { ImageStore } from './image-store';
import { presignV4, signV4 } from './sigv4';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** Where the app serves a stored key (listing-images.routes), whichever store holds it. */
const APP_PREFIX = '/uploads';

/**
 * Any S3-compatible bucket (AWS S3, MinIO, R2, …) over plain fetch with SigV4-signed PUT and DELETE, path-style URLs.
 * The bucket stays private: the app hands out its own /uploads URL for each object and, once it has checked who asks,
 * redirects to a presigned GET (decision 220), so the rule of decision 218 holds for the bucket too.
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
    return `${APP_PREFIX}/${key}`;
  }

  async deleteUrl(url: string): Promise<void> {
    if (!url.startsWith(`${APP_PREFIX}/listings/`)) return;
    const objectUrl = `${this.base}/${url.slice(APP_PREFIX.length + 1)}`;
    const res = await this.fetchFn(objectUrl, {
      method: 'DELETE',
      headers: signV4({ method: 'DELETE', url: objectUrl }, this.s3, new Date()),
    });
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE failed: ${res.status}`);
  }

  /**
   * A URL that GETs the object without credentials until `expiresSeconds` after `signedAt`; the bucket answers it
   * with the Cache-Control given (signed, so the holder cannot change it) instead of the object's own.
   */
  presignedGet(key: string, signedAt: Date, expiresSeconds: number, cacheControl: string): string {
    return presignV4(
      {
        method: 'GET',
        url: `${this.base}/${key}`,
        expiresSeconds,
        query: { 'response-cache-control': cacheControl },
      },
      this.s3,
      signedAt,
    );
  }
}
