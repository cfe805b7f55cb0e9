import type { AppDeps } from '../app';
import type { Database } from '../db/database';
import { CredentialsCipher, resolveCredentialsKey } from './credentials-cipher';

const ciphers = new WeakMap<AppDeps, CredentialsCipher>();

/** The app's one cipher for secrets at rest (order credentials, authenticator keys), keyed by CREDENTIALS_KEY. */
export function appCipher(deps: AppDeps): CredentialsCipher {
  let cipher = ciphers.get(deps);
  if (!cipher) {
    const key = resolveCredentialsKey(deps.config.orders.credentialsKey, deps.config.dataDir, deps.config.isProduction);
    ciphers.set(deps, (cipher = new CredentialsCipher(key)));
  }
  return cipher;
}

const CHECK = 'cipher_check';

/**
 * At start: the database keeps a value sealed with the first key it was used with, and a process with another key
 * refuses to start, rather than failing later on every credential and authenticator code it cannot open.
 */
export async function checkCipherKey(db: Database, cipher: CredentialsCipher) {
  await db
    .insertInto('appMeta')
    .values({ key: CHECK, value: cipher.sealText(CHECK, CHECK) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('appMeta').select('value').where('key', '=', CHECK).executeTakeFirstOrThrow();
  try {
    cipher.openText(row.value, CHECK);
  } catch {
    throw new Error(
      'CREDENTIALS_KEY is not the key this database was first used with: the credentials and authenticator keys it ' +
        'holds cannot be opened. Start with the original key.',
    );
  }
}
