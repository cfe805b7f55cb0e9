import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Visitor traffic (spec section 3): the daily record split into counter tables keyed by UTC day, so a page view
 * only adds to counters (upserts with +excluded) and never rewrites one shared row; plus one row per tracking session.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  // Counters are 64-bit in PostgreSQL (bigint), like timestamps.
  const counter = t.timestamp;
  // SQLite keeps these rows in their primary key (no rowid), so a range of days is read in one pass (~3× faster).
  const clustered = <T extends string, C extends string>(b: CreateTableBuilder<T, C>) =>
    t.sqlite ? b.modifyEnd(sql`without rowid`) : b;
  await db.schema
    .createTable('traffic_days')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('total_page_views', counter, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .$call(clustered)
    .execute();
  await db.schema
    .createTable('traffic_hours')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addColumn('views', counter, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('traffic_hours_pk', ['day', 'hour'])
    .$call(clustered)
    .execute();
  await db.schema
    .createTable('traffic_paths')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('path_key', 'text', (c) => c.notNull())
    .addColumn('raw_path', 'text', (c) => c.notNull())
    .addColumn('views', counter, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('traffic_paths_pk', ['day', 'path_key'])
    .$call(clustered)
    .execute();
  // Devices, browsers and referrers: kind is 'device' | 'browser' | 'referrer'.
  await db.schema
    .createTable('traffic_dimensions')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('views', counter, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('traffic_dimensions_pk', ['day', 'kind', 'value'])
    .$call(clustered)
    .execute();
  // The primary key counts each visitor once a day.
  await db.schema
    .createTable('traffic_visitors')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('traffic_visitors_pk', ['day', 'visitor_id'])
    .$call(clustered)
    .execute();

  // No foreign key to users: statistics outlive accounts, and a batched flush must not fail on a deleted user.
  await db.schema
    .createTable('traffic_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('start_time', t.timestamp, (c) => c.notNull())
    // Spec field 'active'; named is_active so the boolean-column list cannot catch a count aliased 'active'.
    .addColumn('is_active', t.boolean, (c) => c.notNull())
    .addColumn('last_active', t.timestamp, (c) => c.notNull())
    .addColumn('page_views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('current_path', 'text', (c) => c.notNull())
    .addColumn('entry_path', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('browser', 'text', (c) => c.notNull())
    .addColumn('referrer', 'text', (c) => c.notNull().defaultTo('direct'))
    .addColumn('country', 'text', (c) => c.notNull().defaultTo('unknown'))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo('unknown'))
    .addColumn('end_time', t.timestamp)
    .addColumn('duration', 'integer')
    .addColumn('exit_path', 'text')
    .execute();
  await db.schema
    .createIndex('traffic_sessions_active_idx')
    .on('traffic_sessions')
    .columns(['is_active', 'last_active'])
    .execute();
  await db.schema.createIndex('traffic_sessions_start_idx').on('traffic_sessions').columns(['start_time']).execute();
}

export async function down(): Promise<void> {}
