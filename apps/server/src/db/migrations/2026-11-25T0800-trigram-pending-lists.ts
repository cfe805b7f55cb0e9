import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

const TRIGRAM_INDEXES = ['users_email_trgm_idx', 'users_name_trgm_idx', 'listings_title_trgm_idx'];

/**
 * PostgreSQL's trigram indexes keep a short pending list (decision 142, amended): with GIN's default of 4 MB, rows
 * written since the last vacuum sat unsorted beside the index and every search read all of them. 64 kB (8 pages) is
 * merged by the write that fills it, which costs writes no more than before. SQLite has no such list.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).sqlite) return;
  for (const index of TRIGRAM_INDEXES) {
    await sql`alter index ${sql.id(index)} set (gin_pending_list_limit = 64)`.execute(db);
    await sql`select gin_clean_pending_list(${index}::regclass)`.execute(db);
  }
}

export async function down(): Promise<void> {}
