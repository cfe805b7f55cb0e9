import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CredentialsCipher, resolveCredentialsKey } from './credentials-cipher';

const creds = { login: 'king', password: 'S3cret!', emailAccess: '', recoveryCodes: '', notes: '' };

describe('credentials cipher', () => {
  const cipher = new CredentialsCipher(randomBytes(32));
  it('seals and opens, never storing the plain text', () => {
    const sealed = cipher.seal(creds, 'order-1');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('S3cret');
    expect(cipher.open(sealed, 'order-1')).toEqual(creds);
  });
  it('refuses a value moved to another order, a tampered value and another key', () => {
    const sealed = cipher.seal(creds, 'order-1');
    expect(() => cipher.open(sealed, 'order-2')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('x' + Buffer.from(parts[3], 'base64url').toString('latin1'), 'latin1').toString('base64url');
    expect(() => cipher.open(parts.join('.'), 'order-1')).toThrow();
    expect(() => new CredentialsCipher(randomBytes(32)).open(sealed, 'order-1')).toThrow();
  });
  it('keeps a generated key under the data folder in development, and needs one in production', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-key-'));
    const first = resolveCredentialsKey(undefined, dir, false);
    expect(resolveCredentialsKey(undefined, dir, false)).toEqual(first);
    expect(fs.statSync(path.join(dir, 'credentials.key')).mode & 0o777).toBe(0o600);
    expect(() => resolveCredentialsKey(undefined, dir, true)).toThrow('CREDENTIALS_KEY is required in production');
    expect(resolveCredentialsKey('ab'.repeat(32), dir, true)).toHaveLength(32);
    fs.rmSync(dir, { recursive: true });
  });
});
