import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Mail is delivered from the outbox by a background worker (status, attempts, next attempt), and shared rate-limit
 * counters live in `rate_limits` in the layout rate-limiter-flexible's PostgreSQL store expects.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  // Rows already stored were development mail shown in the mailbox: they count as delivered.
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('sent'))
    .execute();
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('next_attempt_at', t.timestamp, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('mail_outbox').addColumn('sent_at', t.timestamp).execute();
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();

  // Unlogged on PostgreSQL: counters need no crash safety, and skipping the WAL flush makes a hit ~10× cheaper.
  let rateLimits = db.schema.createTable('rate_limits');
  if (!t.sqlite) rateLimits = rateLimits.modifyFront(sql`unlogged`);
  await rateLimits
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', t.timestamp)
    .execute();
}

export async function down(): Promise<void> {}
