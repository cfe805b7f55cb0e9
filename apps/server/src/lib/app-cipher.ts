import type { AppDeps } from '../app';
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
