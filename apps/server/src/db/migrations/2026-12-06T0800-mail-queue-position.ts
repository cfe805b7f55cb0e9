import type { Kysely } from 'kysely';

/**
 * Mails queued in the same millisecond (one transaction's: an order canceled and its refund) keep the order they were
 * queued in (decision 213): the worker hands one address's mails over one after another in that order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('queue_position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(): Promise<void> {}
