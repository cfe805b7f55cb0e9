import type { Database } from '../../db/database';
import { newId } from '../../lib/ids';

export async function countHits(db: Database, bucket: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('authThrottle')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('bucket', '=', bucket)
    .where('createdAt', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function latestHit(db: Database, bucket: string): Promise<number | null> {
  const row = await db
    .selectFrom('authThrottle')
    .select((eb) => eb.fn.max('createdAt').as('at'))
    .where('bucket', '=', bucket)
    .executeTakeFirst();
  return row?.at == null ? null : Number(row.at);
}

export async function insertHits(db: Database, buckets: string[], now: number) {
  await db.insertInto('authThrottle').values(buckets.map((bucket) => ({ id: newId(), bucket, createdAt: now }))).execute();
}

export async function deleteBucket(db: Database, bucket: string) {
  await db.deleteFrom('authThrottle').where('bucket', '=', bucket).execute();
}

export async function purgeHitsBefore(db: Database, before: number) {
  await db.deleteFrom('authThrottle').where('createdAt', '<', before).execute();
}
