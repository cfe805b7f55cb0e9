import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

const TRIGRAM_INDEXES = ['users_email_trgm_idx', 'users_name_trgm_idx', 'listings_title_trgm_idx'];

/**
 * PostgreSQL's trigram indexes write each row's entries in place (decision 142, amended): with GIN's pending list,
 * recent rows stayed unsorted until a vacuum and every search read all of them. Rows already pending are merged now.
 * SQLite has no such list.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).sqlite) return;
  for (const index of TRIGRAM_INDEXES) {
    await sql`alter index ${sql.id(index)} set (fastupdate = off)`.execute(db);
    await sql`select gin_clean_pending_list(${index}::regclass)`.execute(db);
  }
}

export async function down(): Promise<void> {}
