import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Decision 182: a seller may replace delivered credentials until the buyer first reveals them. The order row records
 * that first reveal and the corrections, so a correction's update carries its conditions; history entries that move
 * no state name their event.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('orders').addColumn('credentials_revealed_at', t.timestamp).execute();
  await db.schema
    .alterTable('orders')
    .addColumn('credentials_corrections', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('order_history').addColumn('event', 'text').execute();
  // Orders revealed before this column existed: their first reveal by the buyer.
  await sql`update orders set credentials_revealed_at = (
      select min(r.created_at) from credential_reveals r where r.order_id = orders.id and r.by = 'buyer'
    )
    where exists (select 1 from credential_reveals r where r.order_id = orders.id and r.by = 'buyer')`.execute(db);
}

export async function down(): Promise<void> {}
