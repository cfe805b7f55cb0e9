import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/** Conversations (one per buyer, listing and seller) and the admin audit log, which several features share. */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('listing_id', 'text', (c) => c.notNull().references('listings.id').onDelete('restrict'))
    .addColumn('buyer_id', 'text', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('seller_id', 'text', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('conversations_listing_buyer_uq', ['listing_id', 'buyer_id'])
    .execute();
  await db.schema
    .createIndex('conversations_buyer_idx')
    .on('conversations')
    .columns(['buyer_id', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('conversations_seller_idx')
    .on('conversations')
    .columns(['seller_id', 'updated_at'])
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('audit_log_target_idx').on('audit_log').columns(['target_type', 'target_id']).execute();
}

export async function down(): Promise<void> {}
