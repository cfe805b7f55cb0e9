import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '@accountry/shared/account-rules';
import { createTestApp, userWithSession, type Session, type TestContext } from './test-app';
import { insertTestListing, listingInput } from './listing-fixtures';

// Decision 225: each class of invisible character in a listing title, a display name and a chat message.
const CLASSES: [string, string][] = [
  ['a zero-width space', '\u200B'],
  ['a word joiner', '\u2060'],
  ['an invisible separator', '\u2063'],
  ['a byte-order mark', '\uFEFF'],
  ['a soft hyphen', '\u00AD'],
  ['tag characters', '\u{E0061}\u{E0064}\u{E007F}'],
  ['a left-to-right mark', '\u200E'],
  ['a run of right-to-left marks', '\u200F\u200F\u200F'],
];
const FLAG_ENGLAND = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';
const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';

let ctx: TestContext;
let seller: Session;
let buyer: Session;
let conversationUrl: string;
beforeAll(async () => {
  ctx = await createTestApp();
  seller = (await userWithSession(ctx, 'seller')).session;
  const sellerId = (await ctx.db.selectFrom('sessions').select('userId').executeTakeFirstOrThrow()).userId;
  buyer = (await userWithSession(ctx, 'buyer')).session;
  const listing = await insertTestListing(ctx, sellerId);
  const opened = await send(buyer, 'POST', '/api/chat/conversations', { listingId: listing.id });
  conversationUrl = `/api/chat/conversations/${opened.json().conversation.id}/messages`;
});
afterAll(() => ctx.close());

let n = 0;
const send = (who: Session, method: 'POST' | 'PATCH', url: string, payload: object) =>
  ctx.app.inject({ method, url, payload, headers: who.headers, remoteAddress: `10.77.0.${++n % 250}` });

describe('invisible characters in free text', () => {
  it.each(CLASSES)('drops %s from a listing title', async (_what, hidden) => {
    const res = await send(seller, 'POST', '/api/listings', listingInput({ title: `Immortal ad${hidden}min account` }));
    expect(res.statusCode).toBe(201);
    expect(res.json().title).toBe('Immortal admin account');
  });

  // A byte-order mark is whitespace to the name's tidying, so it becomes a visible space there.
  it.each(CLASSES.filter(([, c]) => c !== '\uFEFF'))('refuses %s in a display name', async (_what, hidden) => {
    const res = await send(buyer, 'PATCH', '/api/profile', { displayName: `Ann${hidden}Lee` });
    expect([res.statusCode, res.json().error.fields.displayName]).toEqual([400, FIELD_MESSAGES.displayNameChars]);
  });

  it('turns a byte-order mark in a display name into the space it is taken for', async () => {
    const res = await send(buyer, 'PATCH', '/api/profile', { displayName: 'Ann\uFEFFLee' });
    expect(res.json().user.displayName).toBe('Ann Lee');
  });

  it.each(CLASSES)('drops %s from a chat message', async (_what, hidden) => {
    const res = await send(buyer, 'POST', conversationUrl, {
      clientId: `client-${++n}`,
      body: `pay me out${hidden}side`,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message.body).toBe('pay me outside');
  });

  it('keeps an emoji joined by zero-width joiners and a subdivision flag in a title and a message', async () => {
    const title = `${FAMILY} family account from ${FLAG_ENGLAND}`;
    const listing = await send(seller, 'POST', '/api/listings', listingInput({ title }));
    expect(listing.json().title).toBe(title);
    const message = await send(buyer, 'POST', conversationUrl, { clientId: `client-${++n}`, body: title });
    expect(message.json().message.body).toBe(title);
  });
});
