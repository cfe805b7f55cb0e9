/**
 * What never belongs in the free text members and admins write (listings, reviews, chat, disputes, reports, reasons,
 * notes, announcements, feedback, passkey names): control characters other than tab and line feed, C1 controls among
 * them, and the bidi embeddings, overrides and isolates that make text read as something else (a title ending
 * "only $5.0" shown right to left over another price). Also the invisible characters no language needs, which hide a
 * word from search and moderation ("ad\u200Bmin", decision 225): zero-width space, soft hyphen, the Mongolian vowel
 * separator, the word joiner and invisible operators, deprecated format characters, the byte-order mark, the
 * interlinear annotation marks, and the Hangul fillers (blank in modern text, a favourite for names that show
 * nothing). The zero-width joiner and non-joiner stay (emoji, Persian, Indic scripts).
 */
export const HIDDEN_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u00AD\u115F\u1160\u180E\u200B\u202A-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0\uFFF9-\uFFFB]/g;

/**
 * The zero-width joiner and non-joiner act between two characters: a run of them is one, and one at either end of
 * the text or beside a space joins nothing, so it goes (a title of joiners alone is blank, decision 225).
 */
const JOINER_RUNS = /[\u200C\u200D]{2,}/g;
const LOOSE_JOINERS = /(?<=^|\s)[\u200C\u200D]|[\u200C\u200D](?=\s|$)/g;

/**
 * Tag characters are invisible ASCII: kept only as an emoji's subdivision flag (black flag, then lower-case letters
 * and digits, then the cancel tag), dropped anywhere else.
 */
const TAGS = /(\u{1F3F4}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{2,7}\u{E007F})|[\u{E0000}-\u{E007F}]/gu;

/**
 * Left-to-right, right-to-left and Arabic letter marks place neutral characters (punctuation, numbers, spaces) in
 * mixed-direction text, so one is kept beside them; a run of marks is its last one, and a mark between two letters
 * or digits, where it changes nothing shown, is dropped.
 */
const MARK_RUNS = /[\u200E\u200F\u061C]{2,}/g;
const MARK_INSIDE_WORD = /([\p{L}\p{M}\p{N}])[\u200E\u200F\u061C](?=[\p{L}\p{M}\p{N}])/gu;

/**
 * A combining mark belongs to the character before it. One at the start of the text or after a space has none and
 * shows nothing but itself on a blank (a title of combining grapheme joiners or variation selectors alone, decision
 * 225), so it goes.
 */
const LOOSE_MARKS = /(?<=^|\s)\p{M}+/gu;

/** The Braille blank shows as a space and is a favourite for names that show nothing: it counts as a space. */
const BRAILLE_BLANK = /\u2800/g;

/** One kind of line break and none of the hidden characters above. */
export const plainText = (s: string) =>
  s
    .replace(/\r\n?/g, '\n')
    .replace(HIDDEN_CHARACTERS, '')
    .replace(TAGS, (_tag, flag: string | undefined) => flag ?? '')
    .replace(JOINER_RUNS, (run) => run.slice(-1))
    .replace(LOOSE_JOINERS, '')
    .replace(MARK_RUNS, (run) => run.slice(-1))
    .replace(MARK_INSIDE_WORD, '$1')
    .replace(BRAILLE_BLANK, ' ')
    .replace(LOOSE_MARKS, '');
