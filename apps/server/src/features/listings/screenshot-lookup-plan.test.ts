import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../../db/database';
import { createTestDatabase } from '../../test/test-app';
import { sqlitePlanOf } from '../../test/sqlite-plans';
import { buyersShownPicture } from '../../db/order-facts';
import { imageUrlInUse, listingsShowingImage } from './listings.repository';

/**
 * Anyone may ask for `/uploads/listings/<any id>/<any name>.webp`, and a made-up or deleted listing's path asks which
 * listing shows the file, by its display or thumbnail URL: both on an index, never by reading every screenshot.
 */
describe('the plan of the screenshot look-ups', () => {
  let handle: DatabaseHandle;
  const url = '/uploads/listings/made-up/made-up-thumb.webp';

  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  async function planOf(statement: RegExp, run: (db: Database) => Promise<unknown>) {
    if (handle.engine === 'sqlite') return (await sqlitePlanOf(handle.url, statement, run)).plan;
    // The statements the function runs, caught at the executor of a handle of its own (withPlugin copies it).
    const queries: CompiledQuery[] = [];
    const capture = handle.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => args.result,
    });
    const original = capture.getExecutor().executeQuery.bind(capture.getExecutor());
    Object.assign(capture.getExecutor(), {
      executeQuery: (query: CompiledQuery) => {
        queries.push(query);
        return original(query);
      },
    });
    await run(capture);
    const query = queries.find((q) => statement.test(q.sql));
    if (!query) throw new Error(`no statement matches ${statement}`);
    const rows = await handle.db.transaction().execute(async (trx) => {
      // PostgreSQL reads an empty table whole; without sequential scans it shows the index it would use.
      await sql`set local enable_seqscan = off`.execute(trx);
      const explain = CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]);
      return (await trx.executeQuery<{ 'QUERY PLAN': string }>(explain)).rows;
    });
    return rows.map((r) => r['QUERY PLAN']).join(' | ');
  }

  it.each([
    ['serving a file of a made-up listing', (db: Database) => listingsShowingImage(db, url)],
    ['removing a file no other listing shows', (db: Database) => imageUrlInUse(db, url)],
  ])('%s seeks both URL columns on their indexes', async (_name, run) => {
    const plan = await planOf(/from "listing_images"/, run);
    if (handle.engine === 'sqlite') {
      expect(plan).toMatch(/MULTI-INDEX OR/);
      expect(plan).toMatch(/INDEX listing_images_url_idx \(url=\?\)/);
      expect(plan).toMatch(/INDEX listing_images_thumb_url_idx \(thumb_url=\?\)/);
      expect(plan).not.toMatch(/SCAN listing_images/);
    } else {
      expect(plan).toMatch(/listing_images_url_idx/);
      expect(plan).toMatch(/listing_images_thumb_url_idx/);
      expect(plan).not.toMatch(/Seq Scan on listing_images/);
    }
  });

  it("finds the orders that keep a file as their listing's picture on their index (decision 218)", async () => {
    const plan = await planOf(/from "orders"/, (db) => buyersShownPicture(db, url));
    expect(plan).toMatch(/orders_listing_thumb_idx/);
    expect(plan).not.toMatch(/SCAN orders\b|Seq Scan on orders/);
  });
});
