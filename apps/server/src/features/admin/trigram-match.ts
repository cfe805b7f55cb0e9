import { sql, type RawBuilder } from 'kysely';
import type { Database, Engine } from '../../db/database';

/** Rows sampled per index: enough to tell a trigram in most rows from one in a few. */
const SAMPLE_ROWS = 500;
/** PostgreSQL samples whole pages: this many, spread over the table, then SAMPLE_ROWS of their rows. */
const SAMPLE_PAGES = 100;
const SAMPLE_MAX_AGE_MS = 5 * 60_000;
/** A trigram in at most this share of the sample is rare enough to search by. */
const RARE_SHARE = 0.02;
/** The rarest few already narrow a search to a handful of rows; more would only read more posting lists. */
const MAX_TRIGRAMS = 3;

export type TrigramIndex = 'users' | 'listings';

/**
 * Rows picked at random across the table: a trigram's share of them estimates its share of the index, which is what
 * its posting list costs. The newest rows would not: sign-ups of one day or one import share their text. SQLite picks
 * rowids; PostgreSQL has none, and samples random pages (TABLESAMPLE SYSTEM) rather than read the whole table.
 */
const sampleOfRows = {
  sqlite: (table: TrigramIndex, text: RawBuilder<string>) =>
    sql<{ text: string }>`with recursive bounds(lo, hi) as (select min(rowid), max(rowid) from ${sql.table(table)}),
      picks(n, pick) as (select 0, null union all
        select n + 1, lo + abs(random() % (hi - lo + 1)) from picks, bounds where n < ${sql.lit(SAMPLE_ROWS)})
      select ${text} as text from ${sql.table(table)} where rowid in (select pick from picks)`,
  postgres: (table: TrigramIndex, text: RawBuilder<string>) =>
    // Pages on disk, not pg_class.relpages: a table not analysed yet would count as one page and be read whole.
    sql<{ text: string }>`select ${text} as text from ${sql.table(table)} tablesample system (least(100,
        ${sql.lit(SAMPLE_PAGES * 100)} / greatest(1,
          pg_relation_size(${table}::regclass) / current_setting('block_size')::int)))
      order by random() limit ${sql.lit(SAMPLE_ROWS)}`,
};

// A separator no trigram of a search spans (PostgreSQL text cannot hold NUL).
const SAMPLE_SQL = {
  sqlite: {
    users: sampleOfRows.sqlite('users', sql`lower(email) || char(10) || lower(display_name)`),
    listings: sampleOfRows.sqlite('listings', sql`lower(title)`),
  },
  postgres: {
    users: sampleOfRows.postgres('users', sql`lower(email) || chr(10) || lower(display_name)`),
    listings: sampleOfRows.postgres('listings', sql`lower(title)`),
  },
};

interface Sample {
  /** How many of the sampled rows hold each trigram. */
  rowsWith: Map<string, number>;
  size: number;
  /** Searches already weighed against this sample (admins repeat theirs while paging). */
  weighed: Map<string, Weighed>;
}

/** Searches remembered per sample; the map starts again when full. */
const REMEMBERED_SEARCHES = 256;

const samples = new WeakMap<Database, Map<TrigramIndex, { sample: Promise<Sample>; takenAt: number }>>();

/**
 * The trigrams of a sample of the rows' lower-cased text, counted once when read (a search then looks its trigrams
 * up), read again when older than a few minutes (wall time: it only ages a cache). Searches arriving while it is read
 * wait for the same read; a read that failed is not kept.
 */
function sampleOf(db: Database, engine: Engine, index: TrigramIndex): Promise<Sample> {
  const now = Date.now();
  let byIndex = samples.get(db);
  if (!byIndex) samples.set(db, (byIndex = new Map()));
  const held = byIndex.get(index);
  if (held && now - held.takenAt < SAMPLE_MAX_AGE_MS) return held.sample;
  const sample = readSample(db, engine, index);
  byIndex.set(index, { sample, takenAt: now });
  sample.catch(() => {
    if (byIndex.get(index)?.sample === sample) byIndex.delete(index);
  });
  return sample;
}

async function readSample(db: Database, engine: Engine, index: TrigramIndex): Promise<Sample> {
  const { rows } = await SAMPLE_SQL[engine][index].execute(db);
  const rowsWith = new Map<string, number>();
  for (const { text } of rows)
    for (const trigram of trigramsOf(text)) rowsWith.set(trigram, (rowsWith.get(trigram) ?? 0) + 1);
  return { rowsWith, size: rows.length, weighed: new Map() };
}

/** Each distinct run of three characters in the text. */
const trigramsOf = (text: string) => new Set(Array.from({ length: text.length - 2 }, (_, i) => text.slice(i, i + 3)));

/**
 * Trigrams each index can look up: FTS5's trigram tokenizer keeps every character, pg_trgm only letters and digits
 * (anything else separates words, so `r@b` is no trigram of its index).
 */
const INDEXED = { sqlite: /^[\x20-\x7e]{3}$/, postgres: /^[a-z0-9]{3}$/ };

/** A search weighed against a sample: its rare trigrams (`rareTrigrams`), and whether none of them is rare. */
export interface Weighed {
  rare: string[] | null;
  /** Every trigram the index holds is in more than a few rows: the search likely matches many. */
  common: boolean;
}

const NOT_WEIGHED: Weighed = { rare: null, common: false };

/** `rareTrigrams`, and whether the search is common, from the sample (remembered per sample). */
export async function weighSearch(db: Database, engine: Engine, index: TrigramIndex, search: string) {
  if (!/^[\x20-\x7e]+$/.test(search)) return NOT_WEIGHED;
  const sample = await sampleOf(db, engine, index);
  let weighed = sample.weighed.get(search);
  if (weighed === undefined) {
    if (sample.weighed.size >= REMEMBERED_SEARCHES) sample.weighed.clear();
    sample.weighed.set(search, (weighed = weigh(sample, engine, search)));
  }
  return weighed;
}

/**
 * The rarest few trigrams of a search to look it up by, or null to look up the search itself (decision 149). A trigram
 * index reads the whole posting list of every trigram it is asked for, so the whole of a search like "user4999" reads
 * "use" and "ser", which are in every e-mail. Its rarest trigrams, by their share of a random sample of the rows, find
 * a superset of its rows for a fraction of that; the callers check every candidate against the whole search anyway.
 * Null when no trigram is rare (nothing to skip), when every one is (the search is cheap then), or for text beyond
 * ASCII, which the index may fold differently from JavaScript.
 */
export async function rareTrigrams(db: Database, engine: Engine, index: TrigramIndex, search: string) {
  return (await weighSearch(db, engine, index, search)).rare;
}

/** A search's rarest few trigrams by their share of the sample (see `rareTrigrams`), and whether none is rare. */
function weigh(sample: Sample, engine: Engine, search: string): Weighed {
  const trigrams = [...trigramsOf(search.toLowerCase())].filter((trigram) => INDEXED[engine].test(trigram));
  if (!trigrams.length) return NOT_WEIGHED;
  const rare = trigrams
    .map((trigram) => ({ trigram, rows: sample.rowsWith.get(trigram) ?? 0 }))
    .filter((t) => t.rows <= sample.size * RARE_SHARE)
    .sort((a, b) => a.rows - b.rows)
    .slice(0, MAX_TRIGRAMS);
  if (!rare.length) return { rare: null, common: true };
  return { rare: rare.length === trigrams.length ? null : rare.map((t) => t.trigram), common: false };
}

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** The FTS5 MATCH for a substring search on SQLite: its rare trigrams joined with AND, or the search as a phrase. */
export const ftsMatch = (search: string, rare: string[] | null) =>
  rare ? rare.map(quoted).join(' AND ') : quoted(search);
