import { describe, expect, it, vi } from 'vitest';
import { isReservedDisplayName, nameSkeleton } from './reserved-names';

describe('reserved display names (decision 224)', () => {
  it.each([
    ['the site', 'Accountry'],
    ["the data export's label for admins", 'Accountry support'],
    ['admin', 'Admin'],
    ['administrator', 'Administrator'],
    ['a name with admin in it', 'Ada Admin'],
    ['admin glued to a word', 'TheAdmin'],
    ['moderator', 'Moderator'],
    ['support team', 'Support team'],
    ['support glued to digits', 'Support247'],
    ['staff', 'Staff'],
    ['official', 'Official Sam'],
    ['helpdesk', 'Help Desk'],
    ['mod as a word', 'Mod Sarah'],
    ['upper case', 'ACCOUNTRY SUPPORT'],
    ['spaced out letters', 'A d m i n'],
    ['split by a space', 'Ad min'],
    ['split by punctuation', "Ad.min_Sup-port'team"],
    ['diacritics', 'Àdmïn'],
    ['a combining mark', 'Ad\u0301min'],
    ['full-width letters (NFKC)', 'Ａｄｍｉｎ'],
    ['mathematical letters (NFKC)', '𝐀𝐜𝐜𝐨𝐮𝐧𝐭𝐫𝐲'],
    ['zero for o', 'Acc0untry'],
    ['one for i', 'Adm1n'],
    ['l for i', 'Admln'],
    ['one for l', 'Offic1al'],
    ['rn for m', 'Adrnin'],
    ['doubled letters', 'Suppport Teaam'],
    ['Cyrillic a and o', 'Аccоuntry'],
    ['Cyrillic capital M', 'AdМin'],
    ['Cyrillic small i', 'Admіn'],
    ['Greek omicron', 'Mοderator'],
    ['Greek capital alpha', 'Αdmin'],
  ])('refuses %s: %j', (_what, name) => {
    expect(isReservedDisplayName(name)).toBe(true);
  });

  it.each([
    ['a plain name', 'Kai Player'],
    ['admin across two words', 'Brad Miner'],
    ['admin across a surname', 'Conrad Miller'],
    ['staff inside a name', 'Staffan Berg'],
    ['mod inside a word', 'Modesty Blaise'],
    ['badminton', 'Badminton Ben'],
    ['another script', '山田 太郎'],
    ['Cyrillic name', 'Наталья'],
    ['Greek name', 'Αθηνά'],
  ])('accepts %s: %j', (_what, name) => {
    expect(isReservedDisplayName(name)).toBe(false);
  });

  it('folds look-alikes to one skeleton per word', () => {
    expect(nameSkeleton('Аd.m1n  Ｓupport')).toEqual(['ad', 'min', 'suport']);
  });

  it('reads a name of many one-letter words in work linear in its words', () => {
    const spy = vi.spyOn(String.prototype, 'normalize');
    try {
      expect(isReservedDisplayName('a '.repeat(3000))).toBe(false);
      // One fold a word and at most twenty more for its runs; the walk to the last word took ~4,500,000.
      expect(spy.mock.calls.length).toBeLessThanOrEqual(25 * 3000);
    } finally {
      spy.mockRestore();
    }
  });
});
