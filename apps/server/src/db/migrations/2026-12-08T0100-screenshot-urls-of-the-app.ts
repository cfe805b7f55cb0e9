import { sql, type Kysely } from 'kysely';

/**
 * Decision 220: screenshots in S3 are handed out by the app's own /uploads URL, which the server checks and redirects
 * to a presigned one, no longer by their bucket URL (decision 042), so the bucket can be private. Rows stored before
 * hold `<endpoint>/<bucket>/listings/<listing>/<file>`; the key is the URL's end, the same under either store, so
 * they become `/uploads/listings/<listing>/<file>`. Anything else is left as it is.
 */
const BUCKET_URL = /^https?:\/\/.+\/(listings\/[\w-]{1,64}\/[\w-]{1,80}\.(?:webp|png|jpe?g))$/i;
const appUrl = (url: string) => {
  const key = BUCKET_URL.exec(url)?.[1];
  return key ? `/uploads/${key}` : url;
};

export async function up(db: Kysely<any>): Promise<void> {
  // A page at a time: an S3 install may hold many, and none is rewritten twice.
  let after = '';
  for (;;) {
    // Aliased without an underscore: the app's database maps result names to camel case, a bare one stays as it is.
    const { rows } = await sql<{ id: string; url: string; thumb: string }>`select id, url, thumb_url as thumb
      from listing_images where id > ${after} and (url not like '/uploads/%' or thumb_url not like '/uploads/%')
      order by id limit 500`.execute(db);
    if (rows.length === 0) return;
    for (const row of rows) {
      const url = appUrl(row.url);
      const thumbUrl = appUrl(row.thumb);
      if (url !== row.url || thumbUrl !== row.thumb)
        await sql`update listing_images set url = ${url}, thumb_url = ${thumbUrl} where id = ${row.id}`.execute(db);
    }
    after = rows[rows.length - 1].id;
  }
}

export async function down(): Promise<void> {}
