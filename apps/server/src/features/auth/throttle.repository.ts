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

export async function insertHits(db: Database, buckets: string[], now: number): Promise<string[]> {
  const rows = buckets.map((bucket) => ({ id: newId(), bucket, createdAt: now }));
  await db.insertInto('authThrottle').values(rows).execute();
  return rows.map((r) => r.id);
}

export async function deleteHits(db: Database, ids: string[]) {
  if (ids.length) await db.deleteFrom('authThrottle').where('id', 'in', ids).execute();
}

export async function deleteBucket(db: Database, bucket: string) {
  await db.deleteFrom('authThrottle').where('bucket', '=', bucket).execute();
}

export async function purgeHitsBefore(db: Database, before: number) {
  await db.deleteFrom('authThrottle').where('createdAt', '<', before).execute();
}
