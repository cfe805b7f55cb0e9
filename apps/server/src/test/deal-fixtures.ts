import { expect } from 'vitest';
import type { Role } from '@accountry/shared/roles';
import type { ListingsTable, UsersTable } from '../db/schema';
import { signInAs, userWithSession, type Session, type TestContext } from './test-app';
import { insertTestListing } from './listing-fixtures';
import { fund } from './order-fixtures';

/** A deal walked through the API: a seller, a funded buyer, a listing, and an order taken up to a stage. */
/** An active listing with no screenshots, inserted directly through the shared listing fixture. */
export function insertListing(ctx: TestContext, sellerId: string, over: Partial<ListingsTable> = {}) {
  const orderDefaults: Partial<ListingsTable> = {
    title: 'Diamond-rank Valorant account',
    platform: 'valorant',
    description: 'A well-kept account with many skins.',
    priceCents: 10_000,
    level: null,
    itemsCount: null,
    accountAgeMonths: null,
    deliveryTime: 'instant',
    protectionDays: 5,
  };
  return insertTestListing(ctx, sellerId, { ...orderDefaults, ...over }, 0);
}

export interface Party {
  id: string;
  session: Session;
}

/** A new member with a session, as the party the calls act for (with their address, for their mail). */
export async function partyWithSession(ctx: TestContext, role: Role = 'buyer', over: Partial<UsersTable> = {}) {
  const u = await userWithSession(ctx, role, over);
  return { id: u.user.id, session: u.session, email: u.user.email };
}

/** A seller with an active listing and a funded buyer. */
export async function arrangeDeal(ctx: TestContext, listing: Partial<ListingsTable> = {}, buyerRole: Role = 'buyer') {
  const seller = await partyWithSession(ctx, 'seller', { displayName: 'Sam Seller' });
  const buyer = await partyWithSession(ctx, buyerRole, { displayName: 'Bea Buyer' });
  const row = await insertListing(ctx, seller.id, listing);
  await fund(ctx, buyer.id, 50_000);
  return { seller, buyer, listing: row };
}

export type Json = Record<string, unknown>;

/** Call the API as a party; a fresh session each time, since tests move the clock past the inactivity timeout. */
export async function call(
  ctx: TestContext,
  who: Party | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Json,
) {
  if (who) who.session = await signInAs(ctx, who.id);
  const res = await ctx.app.inject({
    method,
    url,
    headers: who ? who.session.headers : {},
    ...(payload !== undefined ? { payload } : method !== 'GET' ? { payload: {} } : {}),
  });
  return { status: res.statusCode, body: res.json() as Json & { error?: { message: string } } };
}

/** Buy, pay and (optionally) deliver through the API; returns the order id. */
export async function orderUpTo(
  ctx: TestContext,
  deal: Awaited<ReturnType<typeof arrangeDeal>>,
  stage: 'pending_payment' | 'paid' | 'delivered' | 'protection',
) {
  const created = await call(ctx, deal.buyer, 'POST', '/api/orders', { listingId: deal.listing.id });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  if (stage === 'pending_payment') return id;
  expect((await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/pay`)).status).toBe(200);
  if (stage === 'paid') return id;
  const delivered = await call(ctx, deal.seller, 'POST', `/api/orders/${id}/deliver`, {
    credentials: { login: 'valorant_king', password: 'S3cret-pass!' },
  });
  expect(delivered.status).toBe(200);
  if (stage === 'delivered') return id;
  expect((await call(ctx, deal.buyer, 'POST', `/api/orders/${id}/confirm`)).status).toBe(200);
  return id;
}
