import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { ManualClock } from '../../lib/clock';
import { createTestDatabase, createUser, testEngine } from '../../test/test-app';
import { sqlitePlanOf } from '../../test/sqlite-plans';
import { listUsers, type UserFilter } from './admin-users-list.repository';
import { listListings, type ListingFilter } from './admin-listings-list.repository';
import { insertListing } from './admin-test-fixtures';
import { markDeleted } from './admin-users.repository';

// SQLite plans without statistics, so the index each filter seeks is pinned here; PostgreSQL weighs its own.
describe.skipIf(testEngine !== 'sqlite')('admin list plans on SQLite', () => {
  let handle: DatabaseHandle;
  const deleted: string[] = [];
  const clock = new ManualClock(Date.UTC(2026, 10, 28));

  beforeAll(async () => {
    handle = await createTestDatabase();
    const arrange = { db: handle.db, clock };
    for (let i = 0; i < 30; i++) {
      clock.advance(1000);
      const user = await createUser(arrange, {
        role: i % 2 ? 'seller' : 'buyer',
        displayName: i < 3 ? `Quokka Keeper ${i}` : `Member ${i}`,
        emailVerified: i % 3 !== 0,
        disabled: i % 4 === 1,
      });
      // Deleted out of their created order, as admins delete them.
      if (i % 3 === 2) deleted.push(user.id);
    }
    for (const uid of [...deleted].reverse()) {
      clock.advance(1000);
      await markDeleted(handle.db, uid, { reason: 'Requested', deletedBy: 'admin', now: clock.now(), eraseAt: null });
    }
    const seller = await createUser(arrange, { role: 'seller', displayName: 'Shop' });
    for (let i = 0; i < 30; i++) {
      clock.advance(1000);
      await insertListing(arrange, seller.id, {
        title: i < 3 ? `Wombat bundle ${i}` : `Listing ${i}`,
        status: i % 2 ? 'hidden' : 'active',
        deletedAt: i % 3 === 0 ? clock.now() : null,
        // Every fifth hidden one's seller asked for another look (decision 259).
        reviewRequestedAt: i % 10 === 1 ? clock.now() : null,
      });
    }
  });
  afterAll(() => handle.close());

  /** The plan of the users page statement a filter runs, and the page. */
  async function pagePlan(filter: Partial<UserFilter>) {
    const { result, plan } = await sqlitePlanOf(handle.url, /from "users" left join "deleted_users"/, (db) =>
      listUsers(db, 'sqlite', { cursor: undefined, limit: 5, ...filter }),
    );
    return { plan, items: result.items };
  }

  it.each([
    [{ role: 'buyer' }, 'users_role_created_idx (role=?)'],
    [{ verified: 'no' }, 'users_verified_created_idx (email_verified=?)'],
    [{ state: 'disabled' }, 'users_disabled_created_idx (disabled=?)'],
    [{ state: 'active' }, 'users_disabled_created_idx (disabled=?)'],
  ] as const)('seeks the filter %j in created order and stops after a page', async (filter, index) => {
    const { plan, items } = await pagePlan(filter);
    expect(plan).toMatch(new RegExp(`^SEARCH users USING (COVERING )?INDEX ${index.replace(/[()?]/g, '\\$&')}`));
    expect(plan).not.toContain('TEMP B-TREE');
    expect(items).toHaveLength(5);
    for (const user of items) {
      if ('role' in filter) expect(user.role).toBe('buyer');
      if ('verified' in filter) expect(user.emailVerified).toBe(false);
      if ('state' in filter) expect(user.disabled).toBe(filter.state === 'disabled');
    }
    expect(items.map((u) => u.createdAt)).toEqual(items.map((u) => u.createdAt).sort((a, b) => b - a));
  });

  it('seeks from the cursor within the filter', async () => {
    const first = await listUsers(handle.db, 'sqlite', { role: 'seller', cursor: undefined, limit: 2 });
    const last = first.items.at(-1)!;
    const { plan, items } = await pagePlan({ role: 'seller', cursor: [last.createdAt, last.id] });
    expect(plan).toContain('users_role_created_idx (role=? AND (created_at,id)<(?,?))');
    expect(items.map((u) => u.id)).not.toContain(last.id);
  });

  it("starts a search from the search's candidates, not from a filter's index", async () => {
    const { plan, items } = await pagePlan({ q: 'quokka', role: 'buyer' });
    expect(plan).toMatch(/^SEARCH users USING INDEX users_search_key_idx \(search_key=\?\)/);
    expect(items.map((u) => u.displayName).sort()).toEqual(['Quokka Keeper 0', 'Quokka Keeper 2']);
  });

  it.each([[{ state: 'deleted' }], [{ state: 'deleted', role: 'buyer', verified: 'yes' }]] as const)(
    'walks only the deleted users for %j, in their created order, and stops after a page',
    async (filter) => {
      const { plan, items } = await pagePlan(filter);
      expect(plan).toMatch(
        /^SEARCH deleted_users USING (COVERING )?INDEX deleted_users_status_created_idx \(status=\?\)/,
      );
      expect(plan).not.toContain('TEMP B-TREE');
      expect(items.length).toBeGreaterThan(0);
      for (const user of items) {
        expect(deleted).toContain(user.id);
        if ('role' in filter) expect(user.role).toBe('buyer');
      }
      expect(items.map((u) => u.createdAt)).toEqual(items.map((u) => u.createdAt).sort((a, b) => b - a));
    },
  );

  it('pages the deleted users from the cursor in the same order', async () => {
    const first = await listUsers(handle.db, 'sqlite', { state: 'deleted', cursor: undefined, limit: 4 });
    const last = first.items.at(-1)!;
    const { plan, items } = await pagePlan({ state: 'deleted', cursor: [last.createdAt, last.id] });
    expect(plan).toContain('deleted_users_status_created_idx (status=? AND (user_created_at,uid)<(?,?))');
    expect([...first.items, ...items].map((u) => u.id)).toEqual([...deleted].reverse().slice(0, 9));
  });

  /** The plan of the listings page statement a filter runs, and the page. */
  async function listingsPlan(filter: Partial<ListingFilter>) {
    const { result, plan } = await sqlitePlanOf(handle.url, /from "listings" inner join "users" as "seller"/, (db) =>
      listListings(db, 'sqlite', { cursor: undefined, limit: 5, ...filter }),
    );
    return { plan, items: result.items };
  }

  it.each([[{ deleted: 'yes' }], [{ deleted: 'yes', status: 'hidden' }]] as const)(
    'walks only the deleted listings for %j, in created order',
    async (filter) => {
      const { plan, items } = await listingsPlan(filter);
      expect(plan).toMatch(/^SCAN listings USING INDEX listings_deleted_created_idx/);
      expect(plan).not.toContain('TEMP B-TREE');
      expect(items).toHaveLength(5);
      for (const listing of items) {
        expect(listing.deletedAt).not.toBeNull();
        if ('status' in filter) expect(listing.status).toBe('hidden');
      }
    },
  );

  it('walks only the listings waiting for a review, in created order, from the cursor', async () => {
    const { plan, items } = await listingsPlan({ review: 'requested' });
    expect(plan).toMatch(/^SCAN listings USING INDEX listings_review_requested_idx/);
    expect(plan).not.toContain('TEMP B-TREE');
    expect(items.length).toBeGreaterThan(0);
    for (const listing of items) {
      expect(listing.status).toBe('hidden');
      expect(listing.reviewRequestedAt).not.toBeNull();
      expect(listing.deletedAt).toBeNull();
    }
    // From a cursor too, in the same order.
    const first = await listListings(handle.db, 'sqlite', { review: 'requested', cursor: undefined, limit: 1 });
    const last = first.items.at(-1)!;
    const next = await listingsPlan({ review: 'requested', cursor: [last.createdAt, last.id] });
    expect(next.plan).toContain('listings_review_requested_idx ((created_at,id)<(?,?))');
    expect([...first.items, ...next.items].map((l) => l.id)).toEqual(items.map((l) => l.id));
  });

  it("starts a listing search from the search's candidates, not from the status index", async () => {
    const { plan, items } = await listingsPlan({ q: 'wombat', status: 'active' });
    expect(plan).toMatch(/^MULTI-INDEX OR/);
    expect(plan).not.toContain('listings_status_created_idx');
    expect(items.map((l) => l.title).sort()).toEqual(['Wombat bundle 0', 'Wombat bundle 2']);
  });
});
