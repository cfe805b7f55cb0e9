import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Site-wide announcements, their specific-user targets and each user's read/dismiss state.
 * targetUsers is stored as target_kind (a role string, or 'specific') plus one target row per user id,
 * so both kinds are filtered by indexes (docs/decisions/020-announcement-storage.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('announcements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull().defaultTo('info'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('target_kind', 'text', (c) => c.notNull().defaultTo('all'))
    .addColumn('expires_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('recalled_at', t.timestamp)
    .addColumn('created_by', 'text')
    .execute();
  // A user's active announcements, newest first; the admin list filtered by status.
  await db.schema
    .createIndex('announcements_status_created_idx')
    .on('announcements')
    .columns(['status', 'created_at', 'id'])
    .execute();
  // The bulk expiry of active announcements past their expiresAt.
  await db.schema
    .createIndex('announcements_status_expires_idx')
    .on('announcements')
    .columns(['status', 'expires_at'])
    .execute();
  await db.schema.createIndex('announcements_created_idx').on('announcements').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('announcement_targets')
    .addColumn('announcement_id', 'text', (c) => c.notNull().references('announcements.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('announcement_targets_pk', ['announcement_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('announcement_targets_user_idx')
    .on('announcement_targets')
    .columns(['user_id', 'announcement_id'])
    .execute();

  await db.schema
    .createTable('announcement_states')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('notification_id', 'text', (c) => c.notNull().references('announcements.id').onDelete('cascade'))
    .addColumn('read', t.boolean, (c) => c.notNull().defaultTo(false))
    .addColumn('read_at', t.timestamp)
    .addColumn('dismissed', t.boolean, (c) => c.notNull().defaultTo(false))
    .addColumn('dismissed_at', t.timestamp)
    .addPrimaryKeyConstraint('announcement_states_pk', ['user_id', 'notification_id'])
    .execute();
  // Metrics count an announcement's responses from this index alone.
  await db.schema
    .createIndex('announcement_states_notification_idx')
    .on('announcement_states')
    .columns(['notification_id', 'read', 'dismissed'])
    .execute();
}

export async function down(): Promise<void> {}
