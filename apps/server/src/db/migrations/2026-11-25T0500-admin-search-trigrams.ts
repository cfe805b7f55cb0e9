import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Substring search for the admin users and listings lists through trigram indexes (decision 142): SQLite FTS5 tables
 * with the trigram tokenizer (users by a stable search_key, as listings_fts; listing titles by listings.search_key),
 * kept in sync by triggers; PostgreSQL pg_trgm GIN indexes on the lower-cased columns the LIKE conditions read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).sqlite) {
    await sql`alter table users add column search_key integer`.execute(db);
    await sql`create index users_search_key_idx on users (search_key)`.execute(db);
    await sql`create virtual table users_trigram using fts5(email, display_name, tokenize = 'trigram')`.execute(db);
    await sql`create trigger users_trigram_insert after insert on users begin
      update users set search_key = new.rowid where rowid = new.rowid;
      insert into users_trigram (rowid, email, display_name) values (new.rowid, new.email, new.display_name);
    end`.execute(db);
    await sql`create trigger users_trigram_update after update of email, display_name on users begin
      update users_trigram set email = new.email, display_name = new.display_name where rowid = new.search_key;
    end`.execute(db);
    await sql`create trigger users_trigram_delete after delete on users begin
      delete from users_trigram where rowid = old.search_key;
    end`.execute(db);
    await sql`update users set search_key = rowid`.execute(db);
    await sql`insert into users_trigram (rowid, email, display_name) select search_key, email, display_name from users`.execute(
      db,
    );

    await sql`create virtual table listings_title_trigram using fts5(title, tokenize = 'trigram')`.execute(db);
    // listings_fts_insert (which runs first, being older) has set search_key by the time these run.
    await sql`create trigger listings_title_trigram_insert after insert on listings begin
      insert into listings_title_trigram (rowid, title) values (new.rowid, new.title);
    end`.execute(db);
    await sql`create trigger listings_title_trigram_update after update of title on listings begin
      update listings_title_trigram set title = new.title where rowid = new.search_key;
    end`.execute(db);
    await sql`create trigger listings_title_trigram_delete after delete on listings begin
      delete from listings_title_trigram where rowid = old.search_key;
    end`.execute(db);
    await sql`insert into listings_title_trigram (rowid, title) select search_key, title from listings`.execute(db);
    return;
  }
  // One database may hold several schemas (tests): the extension lives once, in public, created under a lock.
  await sql`select pg_advisory_xact_lock(hashtext('accountry:pg_trgm'))`.execute(db);
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  await sql`create index users_email_trgm_idx on users using gin (lower(email) public.gin_trgm_ops)`.execute(db);
  await sql`create index users_name_trgm_idx on users using gin (lower(display_name) public.gin_trgm_ops)`.execute(db);
  await sql`create index listings_title_trgm_idx on listings using gin (lower(title) public.gin_trgm_ops)`.execute(db);
}

export async function down(): Promise<void> {}
