import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database';

/** Rows sampled per index: enough to tell a trigram in most rows from one in a few. */
const SAMPLE_ROWS = 500;
const SAMPLE_MAX_AGE_MS = 5 * 60_000;
/** A trigram in at most this share of the sample is rare enough to search by. */
const RARE_SHARE = 0.02;
/** The rarest few already narrow a search to a handful of rows; more would only read more posting lists. */
const MAX_TRIGRAMS = 3;

export type TrigramIndex = 'users' | 'listings';

/**
 * Rows picked at random across the rowid range: a trigram's share of them estimates its share of the index, which is
 * what its posting list costs. The newest rows would not: sign-ups of one day or one import share their text.
 */
const sampleOfRows = (table: 'users' | 'listings', text: RawBuilder<string>) =>
  sql<{ text: string }>`with recursive bounds(lo, hi) as (select min(rowid), max(rowid) from ${sql.table(table)}),
    picks(n, pick) as (select 0, null union all
      select n + 1, lo + abs(random() % (hi - lo + 1)) from picks, bounds where n < ${sql.lit(SAMPLE_ROWS)})
    select ${text} as text from ${sql.table(table)} where rowid in (select pick from picks)`;

const SAMPLE_SQL = {
  users: sampleOfRows('users', sql`lower(email) || char(0) || lower(display_name)`),
  listings: sampleOfRows('listings', sql`lower(title)`),
};

interface Sample {
  texts: string[];
  takenAt: number;
}

const samples = new WeakMap<Database, Map<TrigramIndex, Sample>>();

/** A sample of the rows' lower-cased text, read again when older than a few minutes (wall time: it ages a cache). */
async function sampleOf(db: Database, index: TrigramIndex) {
  const now = Date.now();
  let byIndex = samples.get(db);
  if (!byIndex) samples.set(db, (byIndex = new Map()));
  const held = byIndex.get(index);
  if (held && now - held.takenAt < SAMPLE_MAX_AGE_MS) return held.texts;
  const { rows } = await SAMPLE_SQL[index].execute(db);
  const texts = rows.map((r) => r.text);
  byIndex.set(index, { texts, takenAt: now });
  return texts;
}

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * The FTS5 MATCH for a substring search on SQLite (decision 149). FTS5 reads the whole posting list of every trigram a
 * query names, so the phrase of a search like "user4999" reads "use" and "ser", which are in every e-mail. Its rarest
 * trigrams, by their share of a random sample of the rows, find a superset of its rows for a fraction of that; the
 * callers check every candidate against the whole search anyway. The phrase itself when no trigram is rare (nothing
 * to skip), when every one is (it is cheap then), or for text beyond ASCII, which FTS5 may fold differently.
 */
export async function trigramMatch(db: Database, index: TrigramIndex, search: string) {
  const phrase = quoted(search);
  if (!/^[\x20-\x7e]+$/.test(search)) return phrase;
  const lower = search.toLowerCase();
  const trigrams = [...new Set(Array.from({ length: lower.length - 2 }, (_, i) => lower.slice(i, i + 3)))];
  const texts = await sampleOf(db, index);
  const rare = trigrams
    .map((trigram) => ({ trigram, rows: texts.reduce((n, t) => (t.includes(trigram) ? n + 1 : n), 0) }))
    .filter((t) => t.rows <= texts.length * RARE_SHARE)
    .sort((a, b) => a.rows - b.rows)
    .slice(0, MAX_TRIGRAMS);
  if (!rare.length || rare.length === trigrams.length) return phrase;
  return rare.map((t) => quoted(t.trigram)).join(' AND ');
}
