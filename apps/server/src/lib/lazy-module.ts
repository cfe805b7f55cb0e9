import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

/**
 * A package loaded on first use instead of at start-up (decision 128): a process pays only for what its
 * configuration uses (no Stripe client without Stripe, no pg with SQLite, no sharp until an image is processed).
 */
export function lazyModule<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load(name) as T);
}
