import type { Kysely } from 'kysely';

/**
 * Which live listing shows a screenshot file is asked by its display or its thumbnail URL (serving `/uploads/listings/`
 * to anyone, removing a file): without this index the thumbnail half read every screenshot row, per request.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('listing_images_thumb_url_idx').on('listing_images').column('thumb_url').execute();
}

export async function down(): Promise<void> {}
