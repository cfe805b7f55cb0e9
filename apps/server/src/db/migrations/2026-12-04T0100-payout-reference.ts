import type { Kysely } from 'kysely';

/**
 * Decision 188: a payout marked paid keeps the transfer's reference (a bank transfer's reference, a PayPal transaction
 * id) that the admin recorded, shown to the admins and to the member. '' for every other payout and those paid before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payouts')
    .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(): Promise<void> {}
