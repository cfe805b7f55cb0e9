import { sql, type Kysely } from 'kysely';

/**
 * Decision 213, amended: a worker claims a mail only while no earlier one to its address is being sent by another, a
 * lookup by address among the mails in flight, which this index holds alone (a few rows, whatever the outbox keeps).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('mail_outbox_sending_idx')
    .on('mail_outbox')
    .column('to')
    .where(sql.ref('status'), '=', 'sending')
    .execute();
}

export async function down(): Promise<void> {}
