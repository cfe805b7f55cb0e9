const characters = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The longest start of `text` of at most `max` code units, cut between two characters as a reader sees them: an emoji
 * (two code units, or several joined) or a letter with its accents is kept whole or left out whole.
 */
export function cutToFit(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = 0;
  for (const { index, segment } of characters.segment(text)) {
    if (index + segment.length > max) break;
    end = index + segment.length;
  }
  // One character longer than `max` (a letter under hundreds of accents): cut after a whole code point.
  if (end === 0) end = /[\uD800-\uDBFF]/.test(text[max - 1]) ? max - 1 : max;
  return text.slice(0, end);
}
