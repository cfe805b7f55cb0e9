import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Mail a member may stop carries List-Unsubscribe headers (decision 216), kept with the queued mail; a saved search's
 * alerts can be turned off without deleting it, and the sweep's index leaves those out.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('mail_outbox').addColumn('headers', 'text').execute();
  await db.schema
    .alterTable('saved_searches')
    .addColumn('alerts', t.boolean, (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema.dropIndex('saved_searches_checked_idx').execute();
  await db.schema
    .createIndex('saved_searches_alerts_checked_idx')
    .on('saved_searches')
    .columns(['alerts', 'checked_at'])
    .execute();
}

export async function down(): Promise<void> {}
