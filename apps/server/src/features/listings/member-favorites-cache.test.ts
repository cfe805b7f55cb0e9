import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BrowseResponse } from '@accountry/shared/listing-browse';
import { createPeerApp, createUser, signInAs, type Session, type TestContext } from '../../test/test-app';
import { insertTestListing } from '../../test/listing-fixtures';
import { countingAppWithBuyer } from '../../test/statement-counter';
import { MAX_KEPT_FAVORITES } from './member-favorites-cache';

let ctx: TestContext;
let sellerId: string;
let buyer: Session;
let statements: { count: number };

beforeAll(async () => {
  ({ ctx, sellerId, buyer, statements } = await countingAppWithBuyer());
});
afterAll(() => ctx.close());

const browse = async (member = buyer, server = ctx.app) => {
  const before = statements.count;
  const res = await server.inject({ url: '/api/listings?limit=48', headers: member.headers });
  expect(res.statusCode).toBe(200);
  const body = res.json<BrowseResponse>();
  const favorite = (id: string) => body.items.find((item) => item.id === id)?.isFavorite;
  return { body, favorite, statements: statements.count - before };
};

const setFavorite = async (listingId: string, on: boolean) => {
  const res = await ctx.app.inject(
    on
      ? { method: 'POST', url: '/api/favorites', headers: buyer.headers, payload: { listingId } }
      : { method: 'DELETE', url: `/api/favorites/${listingId}`, headers: buyer.headers },
  );
  expect(res.statusCode).toBeLessThan(300);
};

it('answers a member’s browse page again without a statement', async () => {
  const { id } = await insertTestListing(ctx, sellerId);
  await setFavorite(id, true);
  expect((await browse()).statements).toBeGreaterThan(0);
  const again = await browse();
  expect(again.statements).toBe(0);
  expect(again.favorite(id)).toBe(true);
});

it('marks a new favorite, and unmarks a removed one, on the very next page', async () => {
  const { id } = await insertTestListing(ctx, sellerId);
  expect((await browse()).favorite(id)).toBe(false);
  await setFavorite(id, true);
  expect((await browse()).favorite(id)).toBe(true);
  await setFavorite(id, false);
  expect((await browse()).favorite(id)).toBe(false);
});

it('another server process on the same database marks a favorite added here', async () => {
  const { id } = await insertTestListing(ctx, sellerId);
  const peer = await createPeerApp(ctx);
  try {
    expect((await browse(buyer, peer.app)).favorite(id)).toBe(false);
    await setFavorite(id, true);
    // The announcement travels by NOTIFY on PostgreSQL: allow it a moment to arrive.
    await expect.poll(async () => (await browse(buyer, peer.app)).favorite(id), { timeout: 5_000 }).toBe(true);
  } finally {
    await peer.close();
  }
});

it('keeps every other member’s favorites when one member changes theirs, here and in another process', async () => {
  const { id } = await insertTestListing(ctx, sellerId);
  const other = await signInAs(ctx, (await createUser(ctx, { role: 'buyer' })).id);
  const peer = await createPeerApp(ctx);
  try {
    await browse(buyer);
    await browse(other);
    expect((await browse(buyer, peer.app)).favorite(id)).toBe(false);
    expect((await browse(other)).statements).toBe(0);
    await setFavorite(id, true);
    expect((await browse(buyer)).favorite(id)).toBe(true);
    // The other member's ids are still kept: their page runs no statement.
    const others = await browse(other);
    expect(others.statements).toBe(0);
    expect(others.favorite(id)).toBe(false);
    await expect.poll(async () => (await browse(buyer, peer.app)).favorite(id), { timeout: 5_000 }).toBe(true);
    await setFavorite(id, false);
    expect((await browse(buyer)).favorite(id)).toBe(false);
    expect((await browse(other)).statements).toBe(0);
    await expect.poll(async () => (await browse(buyer, peer.app)).favorite(id), { timeout: 5_000 }).toBe(false);
  } finally {
    await peer.close();
  }
});

it('marks the favorites of a member with more than are kept, as the database has them', async () => {
  const collectorId = (await createUser(ctx, { role: 'buyer' })).id;
  const collector = await signInAs(ctx, collectorId);
  const ids: string[] = [];
  for (let i = 0; i < MAX_KEPT_FAVORITES + 50; i++) ids.push((await insertTestListing(ctx, sellerId, {}, 0)).id);
  // Every listing but the five newest, which open the first page.
  const kept = ids.slice(0, -5);
  await ctx.db
    .insertInto('favorites')
    .values(kept.map((listingId) => ({ userId: collectorId, listingId, createdAt: ctx.clock.now() })))
    .execute();
  for (const { favorite } of [await browse(collector), await browse(collector)]) {
    for (const id of ids.slice(-5)) expect(favorite(id)).toBe(false);
    for (const id of kept.slice(-40)) expect(favorite(id)).toBe(true);
  }
});
