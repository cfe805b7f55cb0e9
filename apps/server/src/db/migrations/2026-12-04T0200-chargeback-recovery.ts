import type { Kysely } from 'kysely';

/**
 * Decision 183: what the bank took of an order settled before its chargeback, booked once per dispute against the
 * `chargeback_receivable` account, and what admins recovered of it from a member's balance. Each report books only
 * what it adds to what the row says is booked; a recovery never takes more than is left.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['withdrawn_cents', 'reinstated_cents', 'recovered_cents'])
    await db.schema
      .alterTable('chargebacks')
      .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
}

export async function down(): Promise<void> {}
