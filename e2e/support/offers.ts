import { randomBytes } from 'node:crypto';
import type { Browser } from '@playwright/test';
import { createUser, signInContext, signedInPage } from './db';
import { insertListing } from './listings-db';
import { creditBalance } from './orders';

/** A seller's negotiable $100 listing and a funded buyer on its page, its price card at hand. */
export async function negotiableDeal(
  browser: Browser,
  baseURL: string,
  names: { seller: string; buyer: string; title: string },
) {
  const tag = randomBytes(2).toString('hex');
  const seller = createUser('seller', `${names.seller} ${tag}`);
  const buyer = createUser('buyer', `${names.buyer} ${tag}`);
  const admin = createUser('admin');
  const title = `${names.title} ${tag}`;
  const listingId = insertListing(seller.id, { title, priceCents: 10_000, negotiable: true });
  // The admin acts only through the API: a signed-in context without a page.
  const adminContext = await browser.newContext();
  await signInContext(adminContext, baseURL, admin.id);
  await creditBalance(adminContext, baseURL, buyer.id, 20_000);
  const b = await signedInPage(browser, baseURL, buyer.id);
  await b.page.goto(`/account/${seller.id}/${listingId}`);
  return { seller, buyer, title, listingId, b, priceCard: b.page.getByRole('region', { name: 'Price' }) };
}
