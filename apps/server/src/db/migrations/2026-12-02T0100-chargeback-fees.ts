import type { Kysely } from 'kysely';

/**
 * Decision 183: Stripe's dispute fee booked once per chargeback. The row keeps what was booked of the fee and of its
 * return, so a report books only what changed since, and a repeated one nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('chargebacks')
    .addColumn('fee_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('chargebacks')
    .addColumn('fee_returned_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(): Promise<void> {}
