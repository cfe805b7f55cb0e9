/**
 * Display names that claim to be the site or its staff (decision 224): "Accountry support" in a chat is the oldest
 * scam of an account marketplace. Matched on a skeleton of each word, so case, spacing, punctuation, diacritics and
 * look-alike letters and digits do not get around it.
 */

/** Refused inside any word ("TheAdmin", "Support247") and as words run together ("Ad min", "A d m i n"). */
const CONTAINED_TERMS = ['accountry', 'admin', 'moderator', 'support', 'official', 'helpdesk'];
/** Refused only as a whole word, since they are common inside names ("Staffan", "Modesty"). */
const WORD_TERMS = ['staff', 'mod', 'mods'];
/** Words that hold a term innocently. */
const ALLOWED_WORDS = ['badminton'];

/** Capitals that look like a Latin letter, read before lower-casing (Greek Μ is M, its small μ looks like u). */
// prettier-ignore
const CAPITALS: Record<string, string> = {
  Α: 'a', Β: 'b', Ε: 'e', Ζ: 'z', Η: 'h', Ι: 'i', Κ: 'k', Μ: 'm', Ν: 'n', Ο: 'o', Ρ: 'p', Τ: 't', Υ: 'y', Χ: 'x',
  А: 'a', В: 'b', Е: 'e', К: 'k', М: 'm', Н: 'h', О: 'o', Р: 'p', С: 'c', Т: 't', У: 'y', Х: 'x', Ѕ: 's', І: 'i',
  Ј: 'j', Ԁ: 'd',
};

/** Small letters and digits that pass for a Latin letter; l, i and 1 are one letter here. */
// prettier-ignore
const SMALL: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', к: 'k', м: 'm', н: 'h', о: 'o', п: 'n', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', ѕ: 's',
  і: 'i', ј: 'j', ԁ: 'd', һ: 'h', ԛ: 'q', ԝ: 'w', г: 'r', α: 'a', ε: 'e', η: 'n', ι: 'i', κ: 'k', μ: 'u', ν: 'v',
  ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ı: 'i', ɩ: 'i', ɑ: 'a', ł: 'i', đ: 'd', ø: 'o', l: 'i',
  0: 'o', 1: 'i', 3: 'e', 4: 'a', 5: 's', 7: 't', 8: 'b',
};

function foldWord(word: string) {
  const letters = [...word.normalize('NFD').replace(/\p{M}/gu, '')]
    .map((ch) => CAPITALS[ch] ?? SMALL[ch.toLowerCase()] ?? ch.toLowerCase())
    .join('');
  // Letter pairs read as one letter, then doubled letters as one ("Suppport").
  return letters
    .replace(/rn/g, 'm')
    .replace(/cl/g, 'd')
    .replace(/(\p{L})\1+/gu, '$1');
}

/** The name's words, each folded to its look-alike skeleton. */
export const nameSkeleton = (name: string) =>
  name
    .normalize('NFKC')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .map(foldWord);

const contained = CONTAINED_TERMS.map(foldWord);
const words = new Set([...WORD_TERMS, ...CONTAINED_TERMS].map(foldWord));
const allowed = ALLOWED_WORDS.map(foldWord);

/** The most words a term is spelled across ("a c c o u n t r y"), with room for some that fold to nothing. */
const RUN_WORDS = 20;

/** Whether the name claims to be Accountry or its staff. */
export function isReservedDisplayName(name: string) {
  const parts = nameSkeleton(name);
  const withoutAllowed = parts.map((p) => allowed.reduce((w, a) => w.replaceAll(a, ' '), p));
  if (withoutAllowed.some((p) => contained.some((t) => p.includes(t)))) return true;
  // Whole words run together: a term spelled across words must start and end with them ("Brad Miner" is no admin).
  for (let i = 0; i < parts.length; i++) {
    let run = '';
    // Bounded in words too: doubled letters fold away, so "a a a …" never grows the run.
    for (let j = i; j < Math.min(parts.length, i + RUN_WORDS) && run.length < 20; j++) {
      run = foldWord(run + parts[j]);
      if (words.has(run)) return true;
    }
  }
  return false;
}
