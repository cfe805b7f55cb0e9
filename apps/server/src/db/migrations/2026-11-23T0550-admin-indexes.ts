import type { Kysely } from 'kysely';

/** Indexes for the admin area's keyset-paged lists and filters (newest first, ties broken by id). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('users_created_id_idx').on('users').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('deleted_users_status_idx').on('deleted_users').columns(['status', 'uid']).execute();
  await db.schema.createIndex('listings_created_id_idx').on('listings').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('listings_status_sold_idx').on('listings').columns(['status', 'sold_at']).execute();
  await db.schema
    .createIndex('reports_type_status_created_idx')
    .on('reports')
    .columns(['target_type', 'status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('reports_type_created_idx')
    .on('reports')
    .columns(['target_type', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('feedback_created_id_idx').on('feedback').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('audit_log_actor_idx')
    .on('audit_log')
    .columns(['actor_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'created_at', 'id']).execute();
}

export async function down(): Promise<void> {}
