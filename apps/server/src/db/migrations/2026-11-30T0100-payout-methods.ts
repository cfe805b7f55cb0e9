import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Payout details (decision 173): where each member's payouts go, sealed, with a summary to show, and when payouts may
 * be asked for again after a change. A payout keeps the details it was requested with, so a later change does not
 * redirect it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('payout_methods')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('changed_at', t.timestamp, (c) => c.notNull())
    .addColumn('payouts_from', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.alterTable('payouts').addColumn('destination', 'text').execute();
  await db.schema
    .alterTable('payouts')
    .addColumn('destination_summary', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(): Promise<void> {}
