import { sql, type Kysely } from 'kysely';

/**
 * Decision 196, amended: a favorite keeps the price the member saw when they saved it, from the save on. Favorites
 * saved before kept none, and a drop was told from the price just before the edit; they take the listing's price now,
 * the nearest to what their members saw that is known.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update favorites set price_mailed_cents =
    (select price_cents from listings where listings.id = favorites.listing_id)
    where price_mailed_cents is null`.execute(db);
}

export async function down(): Promise<void> {}
