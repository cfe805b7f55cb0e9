import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Credentials } from '@accountry/shared/order-credentials';

/**
 * Decision 082: order credentials (and, decision 168, authenticator keys) are sealed with AES-256-GCM; the stored text
 * is "v1.<iv>.<tag>.<ciphertext>".
 */
const VERSION = 'v1';

export function parseKey(text: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('CREDENTIALS_KEY must be 32 bytes');
  return key;
}

/**
 * The key from configuration; without one (development, test) a key kept in `<dataDir>/credentials.key`, created on
 * first use with owner-only permissions. Production refuses to start without CREDENTIALS_KEY (config.ts).
 */
export function resolveCredentialsKey(configured: string | undefined, dataDir: string, production: boolean): Buffer {
  if (configured) return parseKey(configured);
  if (production) throw new Error('CREDENTIALS_KEY is required in production (32 bytes, hex or base64)');
  const file = path.join(dataDir, 'credentials.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // Another process created it first: use theirs.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return parseKey(fs.readFileSync(file, 'utf8').trim());
}

export class CredentialsCipher {
  /** The keys `digest` derives, once per purpose (ten recovery codes hash at a time). */
  private readonly purposeKeys = new Map<string, Buffer>();

  constructor(private readonly key: Buffer) {}

  seal(credentials: Credentials, orderId: string): string {
    // The order id is authenticated: sealed credentials cannot be moved to another order.
    return this.sealText(JSON.stringify(credentials), orderId);
  }

  open(sealed: string, orderId: string): Credentials {
    return JSON.parse(this.openText(sealed, orderId)) as Credentials;
  }

  /** Any secret text, bound to `context` (authenticated, not stored): it opens only with the same context. */
  sealText(text: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return [
      VERSION,
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      body.toString('base64url'),
    ].join('.');
  }

  /**
   * A keyed hash of a secret that is only ever compared (recovery codes): a leaked table cannot be searched without
   * the key. Each purpose has its own key, derived from the app's.
   */
  digest(text: string, purpose: string): string {
    let key = this.purposeKeys.get(purpose);
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', this.key, Buffer.alloc(0), `accountry:${purpose}`, 32));
      this.purposeKeys.set(purpose, key);
    }
    return createHmac('sha256', key).update(text).digest('base64url');
  }

  openText(sealed: string, context: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('unknown sealed format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
