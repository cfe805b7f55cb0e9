import { describe, expect, it } from 'vitest';
import { deleteListingText } from './delete-listing-text';

const listing = { title: 'Immortal Valorant account', statusBeforeHidden: null, conversationCount: 0 };
const gone =
  "“Immortal Valorant account” will disappear from the marketplace and from its seller's listings, as if the seller had deleted it.";

describe('deleteListingText', () => {
  it.each([
    [{ ...listing, status: 'active' as const }, `${gone} This cannot be undone.`],
    [
      { ...listing, status: 'active' as const, conversationCount: 1 },
      `${gone} Its conversation stays readable. This cannot be undone.`,
    ],
    [
      { ...listing, status: 'sold' as const, conversationCount: 3 },
      `${gone} Its 3 conversations stay readable. This cannot be undone.`,
    ],
    [
      { ...listing, status: 'reserved' as const },
      `${gone} An order holds it: if unpaid, it is canceled and nothing is charged; a paid order goes on. ` +
        'This cannot be undone.',
    ],
    [
      { ...listing, status: 'hidden' as const, statusBeforeHidden: 'reserved' as const, conversationCount: 2 },
      `${gone} Its 2 conversations stay readable. An order holds it: if unpaid, it is canceled and nothing is ` +
        'charged; a paid order goes on. This cannot be undone.',
    ],
    [
      { ...listing, status: 'hidden' as const, statusBeforeHidden: 'active' as const },
      `${gone} This cannot be undone.`,
    ],
  ])('%j', (input, text) => {
    expect(deleteListingText(input)).toBe(text);
  });
});
