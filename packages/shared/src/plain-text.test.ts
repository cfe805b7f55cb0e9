import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { deleteListingInputSchema, hideListingInputSchema } from './admin-listings';
import { reviewInputSchema as moderationInputSchema } from './admin-reports';
import { twoFactorOffInputSchema, userActionInputSchema } from './admin-users';
import { notificationInputSchema } from './announcements';
import { reportConversationInputSchema } from './chat';
import { feedbackInputSchema } from './feedback';
import { listingReportSchema } from './listing-detail';
import { cancelOrderSchema, decisionInputSchema, openDisputeSchema, statementInputSchema } from './orders';
import { deliverOrderSchema } from './order-credentials';
import { passkeyNameSchema } from './passkeys';
import { balanceCreditSchema, payoutRejectSchema } from './wallet';
import { plainText } from './plain-text';

// Each hidden family once: a right-to-left override and its pop, an isolate, a C0 bell, a C1 next-line, a CR LF.
const DIRTY = 'Paid \u202Edesu ton\u202C in \u2066full\u2069\u0007 twice\u0085\r\nsee';
const CLEAN = 'Paid desu ton in full twice\nsee';

const cases: [string, z.ZodType, Record<string, unknown>, (out: never) => unknown][] = [
  ['a dispute reason', openDisputeSchema, { reason: DIRTY }, (o: { reason: string }) => o.reason],
  ['a dispute statement', statementInputSchema, { body: DIRTY }, (o: { body: string }) => o.body],
  ['a cancel reason', cancelOrderSchema, { reason: DIRTY }, (o: { reason: string }) => o.reason],
  [
    'an admin decision reason',
    decisionInputSchema,
    { outcome: 'release', reason: DIRTY },
    (o: { reason: string }) => o.reason,
  ],
  [
    'the notes handed over with credentials',
    deliverOrderSchema,
    { credentials: { notes: DIRTY } },
    (o: { credentials: { notes: string } }) => o.credentials.notes,
  ],
  [
    'a listing report message',
    listingReportSchema,
    { reason: 'scam', message: DIRTY },
    (o: { message: string }) => o.message,
  ],
  [
    'a conversation report',
    reportConversationInputSchema,
    { reason: 'spam', details: DIRTY },
    (o: { details: string }) => o.details,
  ],
  [
    'rate-us feedback',
    feedbackInputSchema,
    { rating: 4, category: 'bug', message: DIRTY },
    (o: { message: string }) => o.message,
  ],
  ['an announcement title', notificationInputSchema, { title: DIRTY }, (o: { title: string }) => o.title],
  ['an announcement body', notificationInputSchema, { message: DIRTY }, (o: { message: string }) => o.message],
  ['an admin note on a report', moderationInputSchema, { note: DIRTY }, (o: { note: string }) => o.note],
  ['a reason for a user action', userActionInputSchema, { reason: DIRTY }, (o: { reason: string }) => o.reason],
  ['a two-factor reset reason', twoFactorOffInputSchema, { reason: DIRTY }, (o: { reason: string }) => o.reason],
  ['a reason for hiding a listing', hideListingInputSchema, { reason: DIRTY }, (o: { reason: string }) => o.reason],
  ['a reason for deleting a listing', deleteListingInputSchema, { reason: DIRTY }, (o: { reason: string }) => o.reason],
  ['a payout rejection reason', payoutRejectSchema, { reason: DIRTY }, (o: { reason: string }) => o.reason],
  [
    'a balance credit reason',
    balanceCreditSchema,
    { amountCents: 100, reason: DIRTY, requestId: 'a1b2c3d4e5f60718' },
    (o: { reason: string }) => o.reason,
  ],
];

describe('free text members and admins write', () => {
  it.each(cases)('drops bidi controls and control characters from %s', (_name, schema, input, field) => {
    expect(field(schema.parse(input) as never)).toBe(CLEAN);
  });

  it('drops them from a passkey name', () => {
    expect(passkeyNameSchema.parse(' \u202EPhone\u202C of Ann\u0085 ')).toBe('Phone of Ann');
  });

  it('counts the length after dropping them, with the same messages', () => {
    const hidden = '\u202E'.repeat(2000);
    expect(openDisputeSchema.safeParse({ reason: `Not as described${hidden}` }).success).toBe(true);
    const onlyHidden = openDisputeSchema.safeParse({ reason: `\u202E${'\u0085'.repeat(20)}` });
    expect(onlyHidden.error?.issues[0]?.message).toBe('Describe the problem in 10 to 2000 characters.');
  });

  it('keeps what the admin started a note from as sent, so an older note still matches', () => {
    const seen = moderationInputSchema.parse({ note: 'new', noteSeen: 'old\u0007' });
    expect(seen.noteSeen).toBe('old\u0007');
  });
});

describe('invisible characters (decision 225)', () => {
  const FLAG_ENGLAND = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';
  const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';

  it.each([
    ['a zero-width space', 'ad\u200Bmin', 'admin'],
    ['a word joiner', 'ad\u2060min', 'admin'],
    ['invisible operators and separator', 'a\u2061d\u2062m\u2063i\u2064n', 'admin'],
    ['a byte-order mark inside', 'ad\uFEFFmin', 'admin'],
    ['a byte-order mark at the start', '\uFEFFadmin', 'admin'],
    ['a soft hyphen', 'ad\u00ADmin', 'admin'],
    ['a Mongolian vowel separator', 'ad\u180Emin', 'admin'],
    ['deprecated format characters', 'ad\u206Amin\u206F', 'admin'],
    ['tag characters spelling hidden text', 'pay \u{E0070}\u{E0061}\u{E0079}outside', 'pay outside'],
    ['a cancel tag alone', 'ad\u{E007F}min', 'admin'],
    ['a flag whose tags are not a subdivision', '\u{1F3F4}\u{E0020}\u{E0021}\u{E007F}', '\u{1F3F4}'],
    ['a left-to-right mark between letters', 'ad\u200Emin', 'admin'],
    ['marks between every letter', 'a\u200Ed\u200Fm\u200Ei\u200Fn', 'admin'],
    ['a right-to-left mark between letters', 'ad\u200Fmin', 'admin'],
    ['an Arabic letter mark between digits', '10\u061C0', '100'],
    ['a run of direction marks', 'שלום\u200F\u200F\u200E\u200F!', 'שלום\u200F!'],
    ['zero-width joiners alone', '\u200D'.repeat(10), ''],
    ['zero-width non-joiners alone', '\u200C'.repeat(10), ''],
    ['joiners beside spaces and at the ends', '\u200Dgood \u200Cdeal\u200D', 'good deal'],
    ['a run of joiners between letters', 'می\u200C\u200C\u200Cخواهم', 'می\u200Cخواهم'],
    ['Hangul fillers', '\u3164\u3164 \u115F\u1160\uFFA0', ' '],
    ['combining grapheme joiners alone', '\u034F'.repeat(10), ''],
    ['variation selectors alone', '\uFE0F'.repeat(10), ''],
    ['Khmer inherent vowels alone', '\u17B4\u17B5'.repeat(5), ''],
    ['Mongolian variation selectors after a space', 'ok \u180B\u180C\u180D', 'ok '],
    ['combining marks at the start of a word', 'good \u0301\u0301deal', 'good deal'],
  ])('drops %s', (_what, input, out) => {
    expect(plainText(input)).toBe(out);
  });

  it.each([
    ['an emoji joined by zero-width joiners', `Family ${FAMILY} account`],
    ['a subdivision flag', `Based in ${FLAG_ENGLAND} England`],
    ['a zero-width non-joiner in Persian', 'می\u200Cخواهم'],
    ['a zero-width joiner in Devanagari', 'क्\u200Dष'],
    ['a right-to-left mark after a Hebrew word and before punctuation', 'שלום\u200F! price 5'],
    ['a left-to-right mark before a number in Arabic text', 'السعر \u200E$50'],
    ['an emoji with its variation selector', 'Top \u2764\uFE0F seller'],
    ['a keycap emoji', 'Rank 1\uFE0F\u20E3'],
    ['accents as combining marks', 'Cafe\u0301 Pokémon'],
    ['Thai vowels above their consonants', 'บัญชีเกม'],
  ])('keeps %s', (_what, input) => {
    expect(plainText(input)).toBe(input);
  });

  it('reads a Braille blank as a space, so a name of them alone is blank', () => {
    expect(plainText('\u2800'.repeat(5)).trim()).toBe('');
    expect(plainText('\u2801\u2800\u2803')).toBe('\u2801 \u2803');
  });
});
