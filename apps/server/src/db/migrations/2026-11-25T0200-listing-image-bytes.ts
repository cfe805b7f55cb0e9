import type { Kysely } from 'kysely';

/** Decision 125: the bytes a screenshot's files take (display image and thumbnail), for the per-seller storage quota. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('listing_images')
    .addColumn('bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(): Promise<void> {}
