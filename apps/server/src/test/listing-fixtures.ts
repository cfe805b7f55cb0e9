import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { ListingsTable } from '../db/schema';
import type { TestContext } from './test-app';
import { createTestApp } from './test-app';
import type { Clock } from '../lib/clock';
import { newId } from '../lib/ids';
import { demoImageUrls } from '../features/listings/demo-images';
import { viewCounterFor } from '../features/listings/listing-views';

/** A test app whose uploads go to a temporary folder, removed on close. */
export async function createTestAppWithUploads(
  env: Record<string, string> = {},
): Promise<TestContext & { uploadDir: string }> {
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-uploads-'));
  const ctx = await createTestApp({ UPLOAD_DIR: uploadDir, ...env });
  return {
    ...ctx,
    uploadDir,
    async close() {
      await ctx.close();
      fs.rmSync(uploadDir, { recursive: true, force: true });
      fs.rmSync(`${uploadDir}-private`, { recursive: true, force: true });
    },
  };
}

/** A valid create/update body (a game account). */
export function listingInput(over: Record<string, unknown> = {}) {
  return {
    title: 'Immortal Valorant account with 120 skins',
    category: 'game',
    platform: 'valorant',
    region: 'europe',
    description: 'Main account, every agent unlocked.\nOriginal e-mail included and two-factor can be removed.',
    priceCents: 24_900,
    negotiable: true,
    level: 'Immortal 2',
    itemsCount: 120,
    accountAgeMonths: 40,
    verified: false,
    originalEmail: true,
    twoFactorRemovable: true,
    deliveryMethod: 'full-access',
    deliveryTime: 'within-24h',
    ...over,
  };
}

/*
 * Listings inserted one after another get times a millisecond apart, counted per database: a count shared by every
 * file a worker runs grew past the gaps the tests leave, and a listing inserted before a saved search came out newer.
 */
const inserted = new WeakMap<object, number>();

/** Insert a listing straight into the database (active, with one demo screenshot, unless told otherwise). */
export async function insertTestListing(
  ctx: { db: TestContext['db']; clock: Clock },
  sellerId: string,
  over: Partial<ListingsTable> = {},
  images = 1,
) {
  const seq = inserted.get(ctx.db) ?? 0;
  inserted.set(ctx.db, seq + 1);
  const now = ctx.clock.now() + seq;
  const row: ListingsTable = {
    id: newId(),
    sellerId,
    title: 'Diamond League of Legends account',
    category: 'game',
    platform: 'league-of-legends',
    region: 'europe',
    description: 'Ranked account with many champions and skins.',
    priceCents: 10_000,
    currency: 'USD',
    negotiable: false,
    level: 'Diamond 4',
    itemsCount: 50,
    followers: null,
    engagementRate: null,
    accountAgeMonths: 24,
    verified: false,
    originalEmail: false,
    twoFactorRemovable: false,
    deliveryMethod: 'full-access',
    deliveryTime: 'instant',
    status: 'active',
    hiddenReason: null,
    statusBeforeHidden: null,
    viewCount: 0,
    favoriteCount: 0,
    createdAt: now,
    updatedAt: now,
    publishedAt: now,
    soldAt: null,
    deletedAt: null,
    ...over,
  };
  // A listing published once showed buyers its title, unless the test says what it showed (decision 043).
  if (!('publicTitle' in over)) row.publicTitle = row.publishedAt == null ? null : row.title;
  await ctx.db.insertInto('listings').values(row).execute();
  for (let i = 0; i < images; i++) {
    const demo = demoImageUrls(i);
    await ctx.db
      .insertInto('listingImages')
      .values({ id: newId(), listingId: row.id, position: i, ...demo, createdAt: now })
      .execute();
  }
  return row;
}

export async function insertConversation(
  ctx: Pick<TestContext, 'db' | 'clock'>,
  listingId: string,
  buyerId: string,
  sellerId: string,
) {
  const id = newId();
  const now = ctx.clock.now();
  await ctx.db
    .insertInto('conversations')
    .values({ id, listingId, buyerId, sellerId, createdAt: now, updatedAt: now } as never)
    .execute();
  return id;
}

/** A real image of the given format. */
export function imageBytes(format: 'png' | 'jpeg' | 'webp' = 'png', width = 640, height = 480) {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 200 } } })
    [format]()
    .toBuffer();
}

/** A multipart/form-data body with one file field. */
export function multipart(data: Buffer, filename = 'shot.png', contentType = 'image/png', field = 'file') {
  const boundary = `----accountry${newId()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Write buffered view counts now. */
export const flushViews = (ctx: TestContext) => viewCounterFor(ctx.deps).flush();

/** The seller's own status change of a listing (publish, unpublish, reserve), as the management page sends it. */
export const setListingStatus = (
  ctx: TestContext,
  headers: Record<string, string>,
  listingId: string,
  status: string,
) => ctx.app.inject({ method: 'POST', url: `/api/listings/${listingId}/status`, headers, payload: { status } });

/** How many of the seller's listings buyers can order now (active or reserved, not deleted). */
export async function countForSale(ctx: TestContext, sellerId: string) {
  const rows = await ctx.db
    .selectFrom('listings')
    .select('id')
    .where('sellerId', '=', sellerId)
    .where('status', 'in', ['active', 'reserved'])
    .where('deletedAt', 'is', null)
    .execute();
  return rows.length;
}
