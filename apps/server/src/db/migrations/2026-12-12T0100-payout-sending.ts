import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/** When an admin was first shown an open payout's whole details to send it: from then on its member cannot cancel. */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('payouts').addColumn('sending_since', t.timestamp).execute();
}

export async function down(): Promise<void> {}
