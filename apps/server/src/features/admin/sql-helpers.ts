import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Database, Engine } from '../../db/database';
import { ADMIN_MESSAGES } from '@accountry/shared/admin-messages';
import { decodeCursor, encodeCursor, type Keyset } from '../../lib/keyset-cursor';

/** Case-insensitive "contains" on both engines; % and _ in the search are matched literally. */
export function containsText(column: string, search: string): Expression<SqlBool> {
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/** The position in an admin list's cursor (the shared keyset cursor), or a 400 naming the cursor. */
export const adminCursor = (cursor: string | undefined) =>
  decodeCursor(cursor, undefined, ADMIN_MESSAGES.invalidCursor);

/** Rows after the cursor in (createdAt desc, id desc) order. */
export function afterCursor(createdAtColumn: string, idColumn: string, [createdAt, id]: Keyset): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(createdAtColumn)} < ${createdAt} or (${sql.ref(createdAtColumn)} = ${createdAt} and ${sql.ref(idColumn)} < ${id}))`;
}

/** Split a limit+1 fetch into the page and the cursor after its last row. */
export function toPage<T extends { createdAt: number; id: string }>(rows: T[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null };
}

/** Up to this many candidates are looked up and sorted; more are checked while walking the created-at index. */
const FEW_MATCHES = 1000;

const likePattern = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** One FTS5 string: with the trigram tokenizer it matches as a substring. */
const trigramPhrase = (search: string) => `"${search.replace(/"/g, '""')}"`;

/** Trigram indexes find substrings of three characters or more; a shorter search is checked row by row. */
export const trigramSearchable = (search: string) => [...search].length >= 3;

/** Ids of users whose e-mail or display name may contain the search, through the trigram indexes (decision 142). */
export function usersContaining(engine: Engine, search: string): RawBuilder<string> {
  if (engine === 'sqlite')
    return sql<string>`select id from users where search_key in (${usersMatching(engine, search)})`;
  const p = likePattern(search);
  return sql<string>`select id from users where lower(email) like ${p} escape '\\' or lower(display_name) like ${p} escape '\\'`;
}

/** One row per user matching, straight from the index (SQLite: its FTS rowids, which stop early when counted). */
export function usersMatching(engine: Engine, search: string): RawBuilder<string> {
  if (engine === 'sqlite')
    return sql<string>`select rowid from users_trigram where users_trigram match ${trigramPhrase(search)}`;
  return usersContaining(engine, search);
}

/** One row per listing whose title may contain the search, straight from the index. */
export function listingTitlesMatching(engine: Engine, search: string) {
  if (engine === 'sqlite')
    return sql<string>`select rowid from listings_title_trigram where listings_title_trigram match ${trigramPhrase(search)}`;
  return sql<string>`select id from listings where lower(title) like ${likePattern(search)} escape '\\'`;
}

/** Ids of listings whose title may contain the search, through the trigram indexes. */
export function listingTitlesContaining(engine: Engine, search: string) {
  if (engine === 'sqlite')
    return sql<string>`select id from listings where search_key in (${listingTitlesMatching(engine, search)})`;
  return listingTitlesMatching(engine, search);
}

/**
 * Whether the candidates of a search are few enough to start from them (looked up, then sorted). Many candidates
 * (a common word) are better checked while walking the created-at index, which then stops after one page. Each part
 * is counted up to what is left of the limit, in order, so a common word stops the probe early.
 */
export async function fewCandidates(db: Database, parts: Array<RawBuilder<unknown>>) {
  let left = FEW_MATCHES;
  for (const part of parts) {
    const probe = await sql<{ n: number }>`select count(*) as n from (${part} limit ${left + 1}) m`.execute(db);
    left -= Number(probe.rows[0].n);
    if (left < 0) return false;
  }
  return true;
}
