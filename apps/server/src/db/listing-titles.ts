import { sql, type Expression } from 'kysely';
import { isPublicListing } from '@accountry/shared/listing-rules';
import { PUBLIC_STATUSES, type ListingStatus } from '@accountry/shared/listings';
import type { Database } from './database';

// A listing's title as others than its seller see it (decision 043): the last one it showed buyers, kept in
// `public_title` by every write that leaves it public. Listings and admin write it; chat, orders and the export read it.

/**
 * What a write to a listing sets of its public title: the title the listing has after it, when the write leaves it
 * public, else nothing (a withdrawn listing keeps the words buyers saw). `title` is the one the write sets, if any: a
 * statement's other columns read the row as it was.
 */
export function publicTitleWhen(after: { status: ListingStatus; deletedAt?: number | null }, title?: string) {
  return isPublicListing(after) ? { publicTitle: title ?? sql<string>`title` } : {};
}

/** The same where the statement decides the status it writes (`status`, an expression of the row as it was). */
export function publicTitleWhenStatus(status: Expression<string>) {
  const publicStatuses = sql.join(PUBLIC_STATUSES.map((s) => sql.lit(s)));
  return {
    publicTitle: sql<string | null>`case when ${status} in (${publicStatuses}) then title else public_title end`,
  };
}

/**
 * The title of the listing aliased `listing` that `viewer` is shown: its seller their own as it is, anyone else the
 * one it last showed buyers. A listing never published has none, and nobody else ever talked about, offered on or
 * bought it: its own stands in.
 */
export function listingTitleFor(listing: string, viewer: string | Expression<string>) {
  const column = (name: string) => sql.ref(`${listing}.${name}`);
  return sql<string>`case when ${column('sellerId')} = ${viewer} then ${column('title')}
    else coalesce(${column('publicTitle')}, ${column('title')}) end`;
}

/** One listing's title as `viewer` is shown it, for a mail to them (undefined when there is no such listing). */
export async function listingTitleShownTo(db: Database, listingId: string, viewer: string) {
  const row = await db
    .selectFrom('listings as l')
    .select(listingTitleFor('l', viewer).as('title'))
    .where('l.id', '=', listingId)
    .executeTakeFirst();
  return row?.title;
}

/** `listingTitleFor`'s rule on a row already read, where one statement serves several viewers. */
export const titleShownTo = (l: { sellerId: string; title: string; publicTitle?: string | null }, viewer: string) =>
  viewer === l.sellerId ? l.title : (l.publicTitle ?? l.title);
