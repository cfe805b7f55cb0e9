import { describe, expect, it } from 'vitest';
import {
  mergeCounters,
  messagePreview,
  receiptFor,
  sanitizeMessageBody,
  unreadFor,
  type SeqCounters,
} from './chat-rules';
import { CHAT_MESSAGES, sendMessageInputSchema } from './chat';

const base: SeqCounters = {
  buyerId: 'b',
  sellerId: 's',
  lastSeq: 5,
  buyerReadSeq: 5,
  sellerReadSeq: 2,
  buyerDeliveredSeq: 5,
  sellerDeliveredSeq: 4,
  updatedAt: 10,
};

describe('unreadFor', () => {
  it.each([
    ['the buyer who sent last', 'b', 0],
    ['the seller behind by three', 's', 3],
    ['someone else', 'x', 0],
  ])('%s', (_name, user, expected) => {
    expect(unreadFor(base, user)).toBe(expected);
  });
});

describe('receiptFor', () => {
  it.each([
    ['read by the other side', 'b', 2, 'read'],
    ['delivered, not read', 'b', 4, 'delivered'],
    ['sent only', 'b', 5, 'sent'],
    ['the seller’s message read by the buyer', 's', 5, 'read'],
    ['a stranger', 'x', 1, 'sent'],
  ])('%s', (_name, sender, seq, expected) => {
    expect(receiptFor(base, sender, seq)).toBe(expected);
  });

  it('says nothing while a block hides the other side’s markers', () => {
    const hidden = { ...base, sellerReadSeq: null, sellerDeliveredSeq: null };
    expect(receiptFor(hidden, 'b', 2)).toBeNull();
    expect(receiptFor(hidden, 's', 5)).toBe('read');
    expect(unreadFor(hidden, 'b')).toBe(0);
    expect(unreadFor({ ...base, buyerReadSeq: null, buyerDeliveredSeq: null }, 's')).toBe(3);
  });
});

describe('mergeCounters', () => {
  it('keeps the newest of each marker whatever the arrival order', () => {
    const older = { ...base, lastSeq: 4, sellerReadSeq: 3, updatedAt: 8 };
    expect(mergeCounters(base, older)).toMatchObject({ lastSeq: 5, sellerReadSeq: 3, buyerReadSeq: 5, updatedAt: 10 });
    expect(mergeCounters(older, base)).toMatchObject({ lastSeq: 5, sellerReadSeq: 3, buyerReadSeq: 5, updatedAt: 10 });
    expect(mergeCounters(undefined, older)).toBe(older);
  });

  it('keeps a known marker when the other copy hides it, and takes it back once shown', () => {
    const hidden = { ...base, sellerReadSeq: null, sellerDeliveredSeq: null, updatedAt: 11 };
    expect(mergeCounters(base, hidden)).toMatchObject({ sellerReadSeq: 2, sellerDeliveredSeq: 4, updatedAt: 11 });
    expect(mergeCounters(hidden, base)).toMatchObject({ sellerReadSeq: 2, sellerDeliveredSeq: 4, updatedAt: 11 });
    expect(mergeCounters(hidden, { ...hidden, lastSeq: 6 })).toMatchObject({ sellerReadSeq: null, lastSeq: 6 });
  });
});

describe('sanitizeMessageBody', () => {
  it.each([
    ['trims', '  hi  ', 'hi'],
    ['normalises line endings', 'a\r\nb\rc', 'a\nb\nc'],
    ['drops control characters', 'a\u0000b\u0007c\u001bd', 'abcd'],
    ['drops bidi overrides', 'abc\u202Eexe.txt', 'abcexe.txt'],
    ['keeps tabs, newlines and emoji', 'a\tb\n👨‍👩‍👧', 'a\tb\n👨‍👩‍👧'],
    ['caps runs of blank lines', 'a\n\n\n\n\n\nb', 'a\n\n\nb'],
  ])('%s', (_name, input, expected) => {
    expect(sanitizeMessageBody(input)).toBe(expected);
  });
});

describe('messagePreview', () => {
  it('collapses whitespace and shortens long text', () => {
    expect(messagePreview('a\n\n b')).toBe('a b');
    const long = messagePreview('x'.repeat(500));
    expect(long).toHaveLength(140);
    expect(long.endsWith('…')).toBe(true);
  });

  it('cuts between whole characters: no half of an emoji, no family split from its members', () => {
    const halves = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    const emoji = messagePreview('😀'.repeat(100));
    expect(emoji).toBe(`${'😀'.repeat(69)}…`);
    expect(emoji).not.toMatch(halves);
    const family = '👨‍👩‍👧';
    const families = messagePreview(`${'x'.repeat(135)}${family.repeat(3)}`);
    expect(families).toBe(`${'x'.repeat(135)}…`);
    expect(messagePreview(`a${'e\u0301'.repeat(100)}`)).toBe(`a${'e\u0301'.repeat(69)}…`);
  });
});

describe('sendMessageInputSchema', () => {
  const ok = { clientId: 'abcdefgh1234' };
  it.each([
    ['text', { ...ok, body: ' hello ' }, null],
    ['an image without text', { ...ok, attachmentId: 'att1' }, null],
    ['nothing', { ...ok, body: '   ' }, ['body', CHAT_MESSAGES.bodyRequired]],
    ['too long', { ...ok, body: 'x'.repeat(2001) }, ['body', CHAT_MESSAGES.bodyTooLong]],
    ['no client id', { body: 'hi' }, ['clientId', CHAT_MESSAGES.invalidClientId]],
    ['a bad client id', { clientId: 'a b', body: 'hi' }, ['clientId', CHAT_MESSAGES.invalidClientId]],
  ] as const)('%s', (_name, input, error) => {
    const result = sendMessageInputSchema.safeParse(input);
    if (!error) {
      expect(result.success).toBe(true);
      return;
    }
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((i) => i.path[0] === error[0]);
    expect(issue?.message).toBe(error[1]);
  });

  it('stores the trimmed body', () => {
    expect(sendMessageInputSchema.parse({ clientId: 'abcdefgh1234', body: '  hi \r\n there ' }).body).toBe(
      'hi \n there',
    );
  });
});
