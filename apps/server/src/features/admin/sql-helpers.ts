import {
  sql,
  type Compilable,
  type QueryCreator,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { Database, Engine } from '../../db/database';
import { preparedQuery } from '../../db/prepared-query';
import { containsNeedle, containsText } from '../../db/contains-text';
import { ADMIN_MESSAGES } from '@accountry/shared/admin-messages';
import { decodeCursor, encodeCursor, type Keyset } from '../../lib/keyset-cursor';
import { ftsMatch, weighSearch, type TrigramIndex } from './trigram-match';

/** Case-insensitive "contains" of every needle (`containsNeedle`), on PostgreSQL (its trigram indexes serve each LIKE). */
const containsAll = (column: string, needles: unknown[]) =>
  sql<SqlBool>`${sql.join(
    needles.map((needle) => containsText('postgres', column, needle)),
    sql` and `,
  )}`;

/** The position in an admin list's cursor (the shared keyset cursor), or a 400 naming the cursor. */
export const adminCursor = (cursor: string | undefined) =>
  decodeCursor(cursor, undefined, ADMIN_MESSAGES.invalidCursor);

/**
 * The LIMIT of a page query, one row more than the page (`toPage`), written into the statement: the page size is one of
 * the hundred the schema allows. PostgreSQL plans a named statement once only when its plan would not depend on the
 * values; for a parameter as LIMIT it guesses a tenth of the table, so it planned an unfiltered page on every run
 * (0.3-0.7 ms of a 1-2 ms page).
 */
export function pageLimit(limit: number) {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`page size ${limit} is not a positive integer`);
  return sql.lit<number>(limit + 1);
}

/** A prepared page query's position and size: the keyset cursor's two values (or nulls) and the page size. */
export type PageArgs = { cursorAt: number | null; cursorId: string | null; limit: number };

/** `PageArgs` from a list filter's decoded cursor and page size. */
export const pageArgs = (cursor: Keyset | undefined, limit: number): PageArgs => ({
  cursorAt: cursor ? cursor[0] : null,
  cursorId: cursor ? cursor[1] : null,
  limit,
});

/**
 * A filtered column as a list's WHERE names it. The filters of the admin lists have indexes in created order, so a page
 * of one seeks and stops. When fewer rows drive the page (a search's candidates, the deleted users or listings),
 * SQLite, which plans without statistics (decision 040), would still pick the filter's index to skip sorting and walk
 * every row of that value: there the column goes out as `+column`, which no index serves. PostgreSQL weighs both.
 */
export const filterColumn = (engine: Engine, fewerRowsDrive: boolean) => (column: string) =>
  engine === 'sqlite' && fewerRowsDrive ? sql<unknown>`+${sql.ref(column)}` : sql.ref(column);

/** Split a limit+1 fetch into the page and the cursor after its last row. */
export function toPage<T extends { createdAt: number; id: string }>(rows: T[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null };
}

/** Up to this many candidates are looked up and sorted; more are checked while walking the created-at index. */
export const FEW_MATCHES = 1000;

/** Trigram indexes find substrings of three characters or more; a shorter search is checked row by row. */
export const trigramSearchable = (search: string) => [...search].length >= 3;

/*
 * A row's key in a trigram index: on SQLite its search_key (the FTS rowid, read without touching the table, so a
 * common word stops after 1,001 of them), on PostgreSQL its id (decision 142).
 */
export type Key = string | number;

/**
 * What a trigram index is asked for a search (decision 149): on SQLite an FTS5 MATCH, on PostgreSQL the needles of
 * `containsAll`. Either names the search's rare trigrams when it has some (trigram-match.ts), else the search itself.
 */
export type TrigramLookup = string | string[];

/** A search's lookup in a trigram index, and whether the sample finds it common (`weighSearch`). */
export async function trigramLookup(db: Database, engine: Engine, index: TrigramIndex, search: string) {
  const { rare, common } = await weighSearch(db, engine, index, search);
  const lookup: TrigramLookup =
    engine === 'sqlite' ? ftsMatch(search, rare) : (rare ?? [search]).map((part) => containsNeedle(engine, part));
  return { lookup, common };
}

/**
 * Keys of the rows whose text may contain the search, straight from a trigram index: users by email or display name,
 * listings by title. The lookup and the limit may be values or a prepared query's placeholders.
 */
export function trigramKeys(engine: Engine, index: TrigramIndex, lookup: TrigramLookup, limit: unknown) {
  if (engine === 'sqlite') {
    const fts = sql.table(index === 'users' ? 'users_trigram' : 'listings_title_trigram');
    return sql<{ key: Key }>`select rowid as key from ${fts} where ${fts} match ${lookup} limit ${limit}`;
  }
  const needles = lookup as string[];
  return index === 'users'
    ? sql<{ key: Key }>`select id as key from users
        where (${containsAll('email', needles)}) or (${containsAll('display_name', needles)}) limit ${limit}`
    : sql<{ key: Key }>`select id as key from listings where ${containsAll('title', needles)} limit ${limit}`;
}

/**
 * A column among a list of values (never empty): on PostgreSQL one array parameter (of ids, which are text there), so
 * the statement's text is the same whatever the list's length and can be prepared once (db/prepared-query.ts).
 */
export const inList = (engine: Engine, column: string, values: Key[]) =>
  engine === 'sqlite'
    ? sql<SqlBool>`${sql.ref(column)} in (${sql.join(values)})`
    : sql<SqlBool>`${sql.ref(column)} = any(${values}::text[])`;

/** The rows of a table whose trigram key is in the list (never empty). */
export const keyIn = (engine: Engine, table: 'users' | 'listings', keys: Key[]) =>
  inList(engine, `${table}.${engine === 'sqlite' ? 'search_key' : 'id'}`, keys);

/**
 * The rows whose trigram key is in `keys` (may be empty) or whose id is in `ids` (never empty). On PostgreSQL the key
 * is the id: one list, whose plan PostgreSQL keeps, where an OR of two had it plan every search again.
 */
export const keyOrIdIn = (engine: Engine, table: 'users' | 'listings', keys: Key[], ids: Key[]) =>
  engine === 'postgres' || !keys.length
    ? inList(engine, `${table}.id`, [...keys, ...ids])
    : sql<SqlBool>`(${keyIn(engine, table, keys)} or ${inList(engine, `${table}.id`, ids)})`;

/**
 * The keys a part of a search yields, when there are at most `left` (the part is asked for one more, so it stops
 * early); null when there are more: a common word, better checked while walking the created-at index, which then
 * stops after one page. Few keys are looked up as a list, so the trigram index is read once per search.
 */
export async function keysUpTo(part: (limit: number) => Promise<Array<{ key: Key }>>, left: number) {
  const rows = await part(left + 1);
  return rows.length > left ? null : rows.map((r) => r.key);
}

/** `trigramKeys` compiled once per engine, index and number of needles (db/prepared-query.ts), its limit a value. */
const trigramKeysQuery = preparedQuery(
  (_db, a: { engine: Engine; index: TrigramIndex; lookup: TrigramLookup; limit: number }) =>
    trigramKeys(a.engine, a.index, a.lookup, a.limit),
  { literals: ['engine', 'index'] },
);

/** `keysUpTo` for a search through a trigram index, asked with the search's `trigramLookup`. */
export const trigramKeysUpTo = (
  db: Database,
  engine: Engine,
  index: TrigramIndex,
  lookup: TrigramLookup,
  left: number,
) => keysUpTo((limit) => trigramKeysQuery.execute(db, { engine, index, lookup, limit }), left);

/*
 * PostgreSQL answers a search by rare trigrams in one statement (decision 152), where SQLite asks its trigram indexes
 * first and then the page (a statement there is a function call, and the keys written into the page's text steer its
 * planner). The statement's lookups are CTEs, and `few` says whether their candidates number at most FEW_MATCHES; the
 * page among the candidates is read only when they are few. Many candidates (the sample misjudged the search) are
 * answered by a second statement walking the created-at index. A common search keeps the separate lookups:
 * PostgreSQL plans the one statement anew on each run for it (1.4 ms), where a rare one runs its generic plan.
 */

/** A raw statement as a CTE's body (Kysely writes a raw body as it is, without the parentheses). */
export const asCte = <R>(query: RawBuilder<R>) => sql<R>`(${query})`;

/** The CTE `few`: the candidates the named CTEs found (each asked for FEW_MATCHES + 1 at most) are few. */
export const fewCandidates = (...ctes: string[]) =>
  sql<{ yes: boolean }>`(select ${sql.join(
    ctes.map((cte) => sql`(select count(*) from ${sql.table(cte)})`),
    sql` + `,
  )} <= ${sql.lit(FEW_MATCHES)} as yes)`;

/**
 * The page among a search's candidates, newest first, each row with `few`: the CTE `few` joined with the page, which
 * is read only when `few` holds (a one-time filter), so there is always a row, its page columns null when the page is
 * empty. A walk of the created-at index for many candidates is not part of it: with that branch in the statement,
 * PostgreSQL's plan without the values weighed more than the ones with them, and a search within a filter was planned
 * anew on every run (~0.5 ms). `pageOfFew` reads the rows.
 */
export function candidatesPage<O extends { createdAt: number; id: string }>(
  withCtes: QueryCreator<any>,
  page: SelectQueryBuilder<any, any, O>,
) {
  return withCtes
    .selectFrom('few')
    .leftJoin(page.where(sql<SqlBool>`(select yes from few)`).as('page'), (join) => join.onTrue())
    .select(sql<boolean>`few.yes`.as('few'))
    .selectAll('page')
    .orderBy('page.createdAt', 'desc')
    .orderBy('page.id', 'desc') as unknown as Compilable<Nullable<O> & { few: boolean }>;
}

type Nullable<O> = { [K in keyof O]: O[K] | null };

/** The rows of a `candidatesPage`: the page, or null when the candidates were many and the created-at index decides. */
export function pageOfFew<O extends { id: string }>(rows: Array<Nullable<O> & { few: boolean }>): O[] | null {
  if (rows.length && !rows[0].few) return null;
  const page: O[] = [];
  for (const { few: _few, ...row } of rows) if (row.id !== null) page.push(row as unknown as O);
  return page;
}

/** Asked of a trigram index within one statement: one more than FEW_MATCHES, so `few` can tell. */
export const CANDIDATE_LIMIT = sql.lit(FEW_MATCHES + 1);
