import { describe, expect, it } from 'vitest';
import { pageMeta, pagePath } from './page-meta';

describe('pageMeta', () => {
  it.each([
    ['/', 'Accountry: the account marketplace', true],
    ['/browse', 'Browse accounts · Accountry', true],
    ['/browse/', 'Browse accounts · Accountry', true],
    ['/how-it-works', 'How it works · Accountry', true],
    ['/signup', 'Sign up · Accountry', true],
    ['/account/u1/l1', 'Listing · Accountry', false],
    ['/listing-management/abc/edit', 'Edit listing · Accountry', false],
    ['/admin/reports/r1', 'Report · Admin · Accountry', false],
    ['/orders', 'Orders · Accountry', false],
    ['/offers', 'Offers · Accountry', false],
    ['/orders/o1', 'Order · Accountry', false],
    ['/wallet', 'Wallet · Accountry', false],
    ['/admin/orders', 'Orders · Admin · Accountry', false],
    ['/admin/orders/o1', 'Order · Admin · Accountry', false],
    ['/admin/payouts', 'Payouts · Admin · Accountry', false],
    ['/no/such/page', 'Accountry: the account marketplace', false],
  ])('%s is titled "%s"', (path, title, isPublic) => {
    expect(pageMeta(path)).toMatchObject({ title, isPublic });
  });

  it('describes public pages in their own words', () => {
    expect(pageMeta('/browse').description).toBe(
      'Search and filter game, social-media and streaming accounts for sale by price, platform and region.',
    );
  });
});

describe('pagePath', () => {
  it.each([
    ['/', '/'],
    ['/browse/', '/browse'],
    ['/browse///', '/browse'],
    ['///', '/'],
    ['/a//b', '/a//b'],
  ])('reads %j as the page %j', (path, page) => {
    expect(pagePath(path)).toBe(page);
  });
});
