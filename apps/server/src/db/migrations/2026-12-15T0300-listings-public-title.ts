import { sql, type Kysely } from 'kysely';

/**
 * Decision 043, amended: a listing keeps the last title buyers could see, which chats, their unread mail and a buyer's
 * data export show, so a listing withdrawn and then retitled does not show its new words to the buyers who talked
 * about it. A listing for sale, reserved or sold (deleted or not, as a deleted one was not edited) shows its title;
 * one withdrawn before kept no record of what it showed: the title its newest offer copied (taken while it was for
 * sale) is the best one, else its title. A listing never published has none.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('listings').addColumn('public_title', 'text').execute();
  await sql`update listings set public_title = title where status in ('active', 'reserved', 'sold')`.execute(db);
  await sql`update listings set public_title = coalesce((select o.listing_title from offers o
      where o.listing_id = listings.id order by o.created_at desc, o.id desc limit 1), title)
    where public_title is null and published_at is not null`.execute(db);
}

export async function down(): Promise<void> {}
