import { sql, type Kysely } from 'kysely';

/**
 * The admin lists filtered, newest first, each filter seeking an index in created order and stopping after a page:
 * users by role, verification or disabled state ((value, created_at, id)), and deleted listings (only they are in
 * their index). With the role index alone, SQLite sorted every user of the role for each page (5.7 ms at 50,000
 * users); a rare state (disabled users, deleted listings) walked the whole created-at index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_role_idx').execute();
  await db.schema.createIndex('users_role_created_idx').on('users').columns(['role', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('users_verified_created_idx')
    .on('users')
    .columns(['email_verified', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('users_disabled_created_idx')
    .on('users')
    .columns(['disabled', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('listings_deleted_created_idx')
    .on('listings')
    .columns(['created_at', 'id'])
    .where(sql.ref('deleted_at'), 'is not', null)
    .execute();
}

export async function down(): Promise<void> {}
