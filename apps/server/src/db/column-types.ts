import type { Kysely } from 'kysely';
import { engineOf } from './database';

/** Column types that read back as the same JavaScript values on both engines. */
export function columnTypes(db: Kysely<any>) {
  const sqlite = engineOf(db) === 'sqlite';
  return {
    sqlite,
    /** epoch milliseconds */
    timestamp: sqlite ? ('integer' as const) : ('bigint' as const),
    boolean: sqlite ? ('integer' as const) : ('boolean' as const),
    real: sqlite ? ('real' as const) : ('double precision' as const),
  };
}
