import { CompiledQuery } from 'kysely';
import type { Database } from '../db/database';
import { prepareOnServer } from '../db/pg-statement-names';
import { InFlightBatches } from './in-flight-batches';

interface Ask {
  key: string;
  member: string;
  max: number;
  expire: number;
}

// Members not yet in their key's set are counted in `rate_limits` and ranked; those within the set's room are added.
// The count row is taken (keys in order) before any member row, so statements of several processes wait in one order.
// The count grows by every new member asked for, refused ones too: what is left is always (max - count before).
// Two processes asking for one new member at once both count it (each checked before the other committed), so the
// set fills one early, never late.
const ADMIT_MEMBERS = `with ask as (
  select * from unnest($1::varchar[], $2::varchar[], $3::bigint[], $4::int[]) as a(key, member, expire, max)
), fresh as (
  select a.*, row_number() over (partition by a.key order by a.member) as rank from ask a
  where not exists (select 1 from rate_limit_members m where m.key = a.key and m.member = a.member)
), wanted as (
  select key, count(*)::int as n, max(expire) as expire from fresh group by key
), counted as (
  insert into rate_limits as r (key, points, expire) select key, n, expire from wanted order by key
  on conflict (key) do update set points = r.points + excluded.points
  returning key, points
), admitted as (
  select f.key, f.member, f.expire from fresh f join wanted w on w.key = f.key join counted c on c.key = f.key
  where c.points - w.n + f.rank <= f.max
), added as (
  insert into rate_limit_members (key, member, expire)
  select key, member, expire from admitted order by key, member
  on conflict (key, member) do nothing
)
select a.key, a.member,
  exists (select 1 from admitted d where d.key = a.key and d.member = a.member)
  or not exists (select 1 from fresh f where f.key = a.key and f.member = a.member) as admitted
from ask a`;

/**
 * The sets of PostgreSQL's distinct limits (decision 245): each key's members in `rate_limit_members`, their number in
 * `rate_limits`. The asks queued while a statement is in flight go together in the next one, as hits do (decision 153).
 */
export class PostgresLimitMembers {
  private readonly batches: InFlightBatches<Ask, boolean>;

  constructor(private readonly db: Database) {
    prepareOnServer(ADMIT_MEMBERS);
    this.batches = new InFlightBatches((asks) => this.admitAll(asks), { maxBatch: 2_000 });
  }

  get statements() {
    return this.batches.statements;
  }

  /** Whether the member is in the key's set of at most `max` (kept until `expire`), adding it while there is room. */
  admit(key: string, member: string, max: number, expire: number): Promise<boolean> {
    return this.batches.load({ key, member, max, expire });
  }

  private async admitAll(asks: Ask[]): Promise<boolean[]> {
    // One row per key and member: asked twice in a batch, it is one ask.
    const pairs = new Map<string, Ask>();
    for (const ask of asks) pairs.set(`${ask.key}\n${ask.member}`, ask);
    const unique = [...pairs.values()];
    const { rows } = await this.db.executeQuery<{ key: string; member: string; admitted: boolean }>(
      CompiledQuery.raw(ADMIT_MEMBERS, [
        unique.map((a) => a.key),
        unique.map((a) => a.member),
        unique.map((a) => a.expire),
        unique.map((a) => a.max),
      ]),
    );
    const answers = new Map(rows.map((r) => [`${r.key}\n${r.member}`, r.admitted]));
    return asks.map((ask) => {
      const admitted = answers.get(`${ask.key}\n${ask.member}`);
      if (admitted === undefined) throw new Error(`rate_limit_members returned no answer for ${ask.key}`);
      return admitted;
    });
  }
}
