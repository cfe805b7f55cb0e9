import { describe, expect, it } from 'vitest';
import { allowedStatusChanges, deleteBlocker, editBlocker, statusChangeBlocker } from './listing-rules';
import { LISTING_MESSAGES as M } from './listing-messages';
import { listingInputSchema } from './listing-schemas';
import { browseQuerySchema, searchTerms } from './listing-browse';
import { formatAccountAge, formatCount, formatPrice, groupThousands } from './listing-attributes';
import { REVIEW_MESSAGES as R, replyBlocker, reviewBlocker } from './reviews';
import { formatResponseTime } from './sellers';

const game = {
  title: 'Immortal Valorant account',
  category: 'game',
  platform: 'valorant',
  region: 'europe',
  description: 'A long enough description of the account.',
  priceCents: 1000,
  deliveryMethod: 'full-access',
  deliveryTime: 'instant',
};

describe('status changes', () => {
  it.each([
    ['draft', 'active', 1, null],
    ['draft', 'active', 0, M.needsImage],
    ['draft', 'sold', 1, M.badTransition],
    ['draft', 'reserved', 1, M.badTransition],
    ['active', 'reserved', 1, null],
    ['active', 'sold', 1, null],
    ['active', 'draft', 1, null],
    ['active', 'active', 1, M.sameStatus],
    ['reserved', 'active', 1, null],
    ['reserved', 'sold', 1, null],
    ['sold', 'active', 1, M.soldFinal],
    ['sold', 'draft', 1, M.soldFinal],
    ['hidden', 'active', 1, M.hiddenStatus],
    ['hidden', 'draft', 1, M.hiddenStatus],
  ] as const)('%s → %s with %i screenshots', (from, to, images, expected) => {
    expect(statusChangeBlocker(from, to, images, false)).toBe(expected);
  });

  it('offers no changes for hidden or sold listings and blocks editing sold ones', () => {
    expect(allowedStatusChanges('hidden', false)).toEqual([]);
    expect(allowedStatusChanges('sold', false)).toEqual([]);
    expect(allowedStatusChanges('draft', false)).toEqual(['active']);
    expect(editBlocker('sold', false)).toBe(M.soldFinal);
    expect(editBlocker('hidden', false)).toBeNull();
  });

  it('leaves a listing with an order in progress to its order', () => {
    const held = 'This listing has an order in progress. It cannot be changed or deleted until the order ends.';
    expect(allowedStatusChanges('reserved', true)).toEqual([]);
    expect(statusChangeBlocker('reserved', 'active', 1, true)).toBe(held);
    expect(editBlocker('reserved', true)).toBe(held);
    expect(deleteBlocker(true)).toBe(held);
    expect(deleteBlocker(false)).toBeNull();
    expect(allowedStatusChanges('reserved', false)).toEqual(['active', 'draft', 'sold']);
  });
});

describe('listing input', () => {
  it.each([
    ['a minimal game listing', {}, null],
    [
      'a social listing with followers',
      { category: 'social', platform: 'instagram', followers: 5000, engagementRate: 3.5 },
      null,
    ],
    [
      'a social listing without followers',
      { category: 'social', platform: 'instagram' },
      ['followers', M.followersRequired],
    ],
    [
      'followers on a streaming listing',
      { category: 'streaming', platform: 'netflix', followers: 5 },
      ['followers', M.attributeNotApplicable],
    ],
    [
      'a flag that does not apply',
      { category: 'streaming', platform: 'netflix', verified: true },
      ['verified', M.attributeNotApplicable],
    ],
    ['"other" platform in any category', { category: 'streaming', platform: 'other' }, null],
    [
      'a game platform in social',
      { category: 'social', platform: 'steam', followers: 1 },
      ['platform', M.platformCategory],
    ],
    ['a title of spaces', { title: '        ' }, ['title', M.titleRequired]],
    ['a title over 100 characters', { title: 'x'.repeat(101) }, ['title', M.titleLength]],
    ['a negative item count', { itemsCount: -1 }, ['itemsCount', M.wholeNumber]],
    // Over the bound, the message names it: "0 or more" read as if any larger number would do.
    [
      'an item count over the maximum',
      { itemsCount: 1_000_001 },
      ['itemsCount', 'Enter a whole number from 0 to 1,000,000.'],
    ],
    [
      'followers over the maximum',
      { category: 'social', platform: 'instagram', followers: 2_000_000_001, itemsCount: null, level: null },
      ['followers', 'Enter a whole number from 0 to 2,000,000,000.'],
    ],
    ['a price over the maximum', { priceCents: 10_000_001 }, ['priceCents', M.price]],
  ])('%s', (_name, over, expected) => {
    const r = listingInputSchema.safeParse({ ...game, ...over });
    if (!expected) return expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
    expect(r.success).toBe(false);
    const issue = r.error!.issues.find((i) => i.path.join('.') === expected[0]);
    expect(issue?.message).toBe(expected[1]);
  });

  it('normalises text: one kind of line break, no control characters, single-line titles, empty level as null', () => {
    const r = listingInputSchema.parse({
      ...game,
      title: '  Two\nlines\u0007 title ',
      description: 'First line\r\nSecond line\u0000 of text',
      level: '',
    });
    expect(r.title).toBe('Two lines title');
    expect(r.description).toBe('First line\nSecond line of text');
    expect(r.level).toBeNull();
    expect(r.currency).toBe('USD');
  });

  it('drops bidi overrides, isolates and C1 controls, which made a title or description read as something else', () => {
    const r = listingInputSchema.parse({
      ...game,
      // Shown right to left, the title's end read "only $5.0" on a listing priced otherwise.
      title: 'Steam level 50 \u202E0.5$ ylno',
      description: 'Full access\u2066 with the\u0085 original email\u2069 and \u202Dphone',
      level: '\u202B50\u202C',
    });
    expect(r.title).toBe('Steam level 50 0.5$ ylno');
    expect(r.description).toBe('Full access with the original email and phone');
    expect(r.level).toBe('50');
  });
});

describe('browse query and search terms', () => {
  it.each([
    ['Valorant IMMORTAL account', ['valorant', 'immortal', 'account']],
    ['"drop table"; --', ['drop', 'table']],
    ['the best of the best', ['best', 'best']],
    ['Pokémon 120 skins', ['pokémon', '120', 'skins']],
    ['', []],
  ])('searchTerms(%j)', (q, expected) => {
    expect(searchTerms(q)).toEqual(expected);
  });

  it('parses URL values with defaults', () => {
    expect(browseQuerySchema.parse({ minPrice: '500', verified: 'true', negotiable: 'false' })).toMatchObject({
      minPrice: 500,
      verified: true,
      negotiable: false,
      sort: 'newest',
      limit: 24,
    });
    expect(browseQuerySchema.safeParse({ minPrice: '9', maxPrice: '1' }).success).toBe(false);
  });
});

describe('formatting', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1234, '1.2K'],
    [120_000, '120K'],
    [2_500_000, '2.5M'],
  ])('formatCount(%i)', (n, s) => expect(formatCount(n)).toBe(s));
  // Alternating currencies and whole/fractional amounts: each must get its own (kept) formatter.
  it.each([
    [12_999, 'USD', '$129.99'],
    [5000, 'USD', '$50'],
    [5000, 'EUR', '€50'],
    [100, 'USD', '$1'],
    [1050, 'EUR', '€10.50'],
    [12_999, 'USD', '$129.99'],
  ])('formatPrice(%i, %s)', (n, currency, s) => expect(formatPrice(n, currency)).toBe(s));
  it('writes dollars and counts exactly as Intl does for en-US', () => {
    const intlPrice = (cents: number) =>
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
      }).format(cents / 100);
    const values = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 1001, 99_999, 100_000, 123_456_789, 9_007_199_254_740_991];
    for (let i = 0; i < 2000; i++) values.push((i * 2_654_435_761) % 10 ** (1 + (i % 12)));
    for (const n of values) {
      expect(groupThousands(n), String(n)).toBe(n.toLocaleString('en-US'));
      if (n <= 1e15) expect(formatPrice(n, 'USD'), String(n)).toBe(intlPrice(n));
    }
    expect(groupThousands(-1234567)).toBe('-1,234,567');
  });
  it.each([
    [0, '0 months'],
    [1, '1 month'],
    [12, '1 year'],
    [26, '2 years 2 months'],
  ])('formatAccountAge(%i)', (n, s) => expect(formatAccountAge(n)).toBe(s));
  it.each([
    [null, '—'],
    [0.2, '1 min'],
    [45, '45 min'],
    [180, '3 h'],
    [4320, '3 days'],
  ])('formatResponseTime(%j)', (n, s) => expect(formatResponseTime(n)).toBe(s));
});

describe('review rule (decision 081)', () => {
  const D = 24 * 3_600_000;
  const done = { status: 'completed', refundedCents: 0, completedAt: 1_000, chargedBack: false };
  const ok = { isSeller: false, order: done, alreadyReviewed: false, now: 1_000 + 29 * D };
  it.each([
    ['the buyer of a completed order within 30 days', ok, null],
    ['the seller', { ...ok, isSeller: true }, 'You cannot review your own listing.'],
    ['no order', { ...ok, order: null }, 'Only the buyer of a completed order can review the seller.'],
    [
      'an order not completed yet',
      { ...ok, order: { ...done, status: 'protection', completedAt: null } },
      'You can review the seller once your order is completed.',
    ],
    ['a refunded order', { ...ok, order: { ...done, status: 'refunded' } }, 'A refunded order cannot be reviewed.'],
    [
      'a partly refunded order',
      { ...ok, order: { ...done, refundedCents: 10 } },
      'A refunded order cannot be reviewed.',
    ],
    [
      'an order whose payment the bank reversed for the buyer',
      { ...ok, order: { ...done, chargedBack: true } },
      'Your bank reversed the payment of this order, so it cannot be reviewed.',
    ],
    ['after 30 days', { ...ok, now: 1_000 + 30 * D }, 'Reviews can be written within 30 days of the order completing.'],
    ['a second review', { ...ok, alreadyReviewed: true }, 'You have already reviewed the seller for this listing.'],
  ])('%s', (_n, facts, expected) => expect(reviewBlocker(facts)).toBe(expected));

  it('lets only the seller answer, once', () => {
    expect(replyBlocker('s', { sellerId: 's', reply: null })).toBeNull();
    expect(replyBlocker('b', { sellerId: 's', reply: null })).toBe(R.replyNotYours);
    expect(replyBlocker('s', { sellerId: 's', reply: 'Thanks' })).toBe(R.alreadyReplied);
  });
});
