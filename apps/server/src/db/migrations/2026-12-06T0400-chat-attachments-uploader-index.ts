import type { Kysely } from 'kysely';

/** A member's chat images of the last day, whose bytes every upload sums (decision 209): on an index, not a scan. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('chat_attachments_uploader_idx')
    .on('chat_attachments')
    .columns(['uploader_id', 'created_at'])
    .execute();
}

export async function down(): Promise<void> {}
