import { sql, type Expression, type SqlBool } from 'kysely';

/** Times in the file are ISO 8601 (UTC): readable, and what other programs parse. */
export const isoTime = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());

/** Stored image and file paths are relative to the site; the file names them in full so they open from anywhere. */
export const fullUrl = (publicUrl: string, url: string) => (/^https?:\/\//.test(url) ? url : `${publicUrl}${url}`);

/** Another member as the file shows them: by name only (their address and other data are theirs). */
export const who = (userId: string | null, self: string, name: string | null) =>
  userId === null ? null : userId === self ? 'you' : (name ?? 'Former member');

/** A long list's rows after the last one written, in (created_at, id) order: how the file reads it a page at a time. */
export const laterThan = (createdAtColumn: string, idColumn: string, last: { createdAt: number; id: string }) =>
  sql<SqlBool>`(${sql.ref(createdAtColumn)}, ${sql.ref(idColumn)}) > (${last.createdAt}, ${last.id})` as Expression<SqlBool>;
