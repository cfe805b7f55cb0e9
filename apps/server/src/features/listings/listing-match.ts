import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { searchTerms } from '@accountry/shared/listing-browse';
import type { DatabaseHandle } from '../../db/database';
import type { ListingSearch } from './listing-search.repository';

/** Up to this many matches are sorted after looking them up; more are checked while walking the sort index (decision 041). */
const FEW_MATCHES = 5000;
const PG_FEW_MATCHES = 1000;

/** The minimum filters each with an index of its own (decision 100), in the order they are probed. */
export const INDEXED_MINIMUMS = [
  ['minFollowers', 'followers'],
  ['minItems', 'itemsCount'],
  ['minAgeMonths', 'accountAgeMonths'],
] as const;
type IndexedMinimum = (typeof INDEXED_MINIMUMS)[number][0];

export interface TextMatch {
  /** The full-text condition, if the search has words. */
  where: RawBuilder<SqlBool> | null;
  /** So few matches (of the words, or of a minimum) that the query starts from them, not a browse index. */
  few: boolean;
  /** The minimum whose few matches the query starts from (on its index); none when the words' matches are few. */
  from?: IndexedMinimum;
  /** SQLite, words many listings carry: their FTS5 query, so a count of the words alone walks their matches. */
  commonWords?: string;
}

/**
 * How to narrow a search before paging: the full-text match, and whether its matches or those of a minimum follower
 * count, item count or account age are few enough to look up and sort. Follower counts rise with price, so walking the
 * price index for "at least 500k followers" would pass most listings before the first match; a minimum almost no
 * listing reaches would pass them all.
 */
export async function matchSearch(
  handle: DatabaseHandle,
  s: ListingSearch,
  fewMatches = FEW_MATCHES,
): Promise<TextMatch | null> {
  const text = await matchText(handle, s.q, fewMatches);
  if (text?.few || s.scope !== 'live') return text;
  for (const [filter, column] of INDEXED_MINIMUMS) {
    const minimum = s[filter];
    if (minimum === undefined) continue;
    // "+status": the probe must range over the minimum's index rather than walk a live index checking each row.
    const probe = await sql<{ n: number }>`select count(*) as n from (select 1 from listings
      where ${sql.ref(`listings.${column}`)} >= ${minimum} and listings.deleted_at is null and ${sql.raw(
        handle.engine === 'sqlite' ? '+' : '',
      )}listings.status = 'active' limit ${fewMatches + 1}) m`.execute(handle.db);
    if (Number(probe.rows[0].n) <= fewMatches) return { where: text?.where ?? null, few: true, from: filter };
  }
  return text;
}

/**
 * Words this short are matched whole, never as a prefix: one or two characters begin a large share of all the words
 * there are, and eight one-letter prefixes took a third of a second of the database per request on 50,000 listings.
 */
const MIN_PREFIX_LENGTH = 3;
const asPrefix = (term: string) => [...term].length >= MIN_PREFIX_LENGTH;

/**
 * THE full-text search: words of the query, each as a prefix (from three characters, whole below), all required. SQLite matches the FTS5 table the
 * triggers keep in sync (by its stable search_key); PostgreSQL matches the generated tsvector through its GIN index.
 * Both probe how many listings match (up to a limit) to choose the plan: a few matches are looked up and sorted, many
 * are checked while walking the sort index, which then stops after one page (decisions 041, 100).
 */
export async function matchText(
  handle: DatabaseHandle,
  q: string | undefined,
  fewMatches = FEW_MATCHES,
): Promise<TextMatch | null> {
  const terms = searchTerms(q);
  if (!terms.length) return null;
  if (handle.engine === 'postgres') {
    const query = terms.map((t) => (asPrefix(t) ? `${t}:*` : t)).join(' & ');
    const where = sql<SqlBool>`listings.search_vector @@ to_tsquery('english', ${query})`;
    // PostgreSQL estimates words joined by AND as independent, so a phrase whose words never meet looks common: it
    // then walks the sort index backwards through every listing.
    // Counting through the GIN index first is cheap; a lower limit than SQLite's keeps the probe short for common words.
    const few = Math.min(fewMatches, PG_FEW_MATCHES);
    const probe = await sql<{ n: number }>`select count(*) as n from (select 1 from listings where ${where} limit ${
      few + 1
    }) m`.execute(handle.db);
    return { where, few: Number(probe.rows[0].n) <= few };
  }
  const match = terms.map((t) => (asPrefix(t) ? `"${t}"*` : `"${t}"`)).join(' ');
  // Counted inside SQLite: handing thousands of keys to JavaScript and back as parameters costs more than the query.
  const probe = await sql<{
    n: number;
  }>`select count(*) as n from (select 1 from listings_fts where listings_fts match ${match} limit ${fewMatches + 1}) m`.execute(
    handle.db,
  );
  const matches = sql`(select rowid from listings_fts where listings_fts match ${match})`;
  if (Number(probe.rows[0].n) > fewMatches)
    // "+" keeps SQLite off the search_key index: the sort index drives and each row is checked against the match set.
    return { where: sql<SqlBool>`+listings.search_key in ${matches}`, few: false, commonWords: match };
  return { where: sql<SqlBool>`listings.search_key in ${matches}`, few: true };
}
