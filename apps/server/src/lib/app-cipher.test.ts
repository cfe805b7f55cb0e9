import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';
import { appCipher, checkCipherKey } from './app-cipher';
import { CredentialsCipher } from './credentials-cipher';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.db.deleteFrom('appMeta').where('key', '=', 'cipher_check').execute();
});
afterAll(() => ctx.close());

it('a process whose key does not open what the database holds refuses to start; the same key starts again', async () => {
  const cipher = appCipher(ctx.app.deps);
  await checkCipherKey(ctx.db, cipher);
  await checkCipherKey(ctx.db, cipher);
  await expect(checkCipherKey(ctx.db, new CredentialsCipher(randomBytes(32)))).rejects.toThrow(
    'CREDENTIALS_KEY is not the key this database was first used with',
  );
  await expect(checkCipherKey(ctx.db, cipher)).resolves.toBeUndefined();
});
