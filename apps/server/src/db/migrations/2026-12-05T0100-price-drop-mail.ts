import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * A member hears when a favorite's price drops, unless they turned it off (decision 196): the preference, on until
 * turned off, and on each favorite the price they last heard of, so a price moved down a cent at a time is not mailed
 * each time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable('email_preferences')
    .addColumn('price_drops', t.boolean, (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema.alterTable('favorites').addColumn('price_mailed_cents', 'integer').execute();
}

export async function down(): Promise<void> {}
