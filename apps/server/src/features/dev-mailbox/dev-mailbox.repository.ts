import type { Database } from '../../db/database';

export async function listOutbox(db: Database, opts: { to?: string; limit: number }) {
  let q = db
    .selectFrom('mailOutbox')
    .select(['id', 'to', 'subject', 'text', 'html', 'createdAt'])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(opts.limit);
  if (opts.to) q = q.where('to', '=', opts.to);
  return q.execute();
}
