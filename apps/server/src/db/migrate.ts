import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database';
import * as foundation from './migrations/2026-11-23T0400-foundation';
import * as conversationsAudit from './migrations/2026-11-23T0410-conversations-audit';

/** Every migration, in order. Append new dated migrations here; never edit a landed one. */
const migrations: Record<string, Migration> = {
  '2026-11-23T0400-foundation': foundation,
  '2026-11-23T0410-conversations-audit': conversationsAudit,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Run pending migrations; Kysely's lock table keeps concurrent processes from racing. */
export async function migrateToLatest(db: Database) {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}`);
  }
  return results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
}
